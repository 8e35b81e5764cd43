package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds The Ferries in Discord (001_…, "The Ferries"; issue
// "Expansions V"): the preview of a lake tile has a Ferry… menu of the
// pairs of road ends its ferry may join (the first chosen until the player
// picks another), and the preview of a tile that continues roads leading
// to ferries has a Move ferries… menu: each other pair of road ends of
// each ferry the tile may move, one per ferry, any number of ferries or
// none. Both ride in the preview's custom ids (":f=", ":m="), so Confirm
// plays them with the rest of the turn.

// sideWords are the road ends of a lake in words, by their middle port.
var sideWords = map[engine.Port]string{engine.N: "north", engine.E: "east", engine.S: "south", engine.W: "west"}

// ferryMovesValue writes ferry moves for a custom id: "x/y/N+S,x/y/E+W".
func ferryMovesValue(fm engine.FerryMoves) string {
	var parts []string
	for _, m := range fm.All() {
		parts = append(parts, ferryMoveValue(m))
	}
	return strings.Join(parts, ",")
}

// ferryMoveValue writes one ferry move for a menu's value: "x/y/N+S".
func ferryMoveValue(m engine.FerryMove) string {
	return fmt.Sprintf("%d/%d/%s", m.Cell.X, m.Cell.Y, m.Link)
}

// parseFerryMoveValue reads a ferryMoveValue.
func parseFerryMoveValue(v string) (engine.FerryMove, bool) {
	f := strings.Split(v, "/")
	if len(f) != 3 {
		return engine.FerryMove{}, false
	}
	x, err1 := strconv.Atoi(f[0])
	y, err2 := strconv.Atoi(f[1])
	l, ok := engine.ParseFerryLink(f[2])
	if err1 != nil || err2 != nil || !ok {
		return engine.FerryMove{}, false
	}
	return engine.FerryMove{Cell: engine.Cell{X: x, Y: y}, Link: l}, true
}

// parseFerryMovesValue reads a ferryMovesValue: at most
// engine.MaxFerryMoves moves, each of another ferry.
func parseFerryMovesValue(v string) (engine.FerryMoves, bool) {
	var fm engine.FerryMoves
	seen := map[engine.Cell]bool{}
	for _, part := range strings.Split(v, ",") {
		m, ok := parseFerryMoveValue(part)
		if !ok || seen[m.Cell] {
			return engine.FerryMoves{}, false
		}
		seen[m.Cell] = true
		fm = fm.Add(m)
	}
	return fm, fm.Valid() && fm.Len() > 0
}

// withFerries returns choice ch with the ferry parts the rules allow on
// game st (a turnView): the ferry of a lake tile on the first pair of road
// ends when none is chosen (or the chosen one does not fit the tile as
// turned), none for another tile; the ferries moved dropped when the
// placement no longer moves them.
func withFerries(st *engine.Game, ch choice) choice {
	links := st.FerryLinks(drawnTile(st), ch.rot)
	switch {
	case len(links) == 0:
		ch.ferry = 0
	case !slices.Contains(links, ch.ferry):
		ch.ferry = links[0]
	}
	if ch.fmoves.Len() > 0 {
		m := ch.move(st)
		m.FerryMoves = engine.FerryMoves{}
		legal := st.AppendFerryMoves(nil, m)
		for _, fm := range ch.fmoves.All() {
			if !slices.Contains(legal, fm) {
				ch.fmoves = engine.FerryMoves{}
				break
			}
		}
	}
	return ch
}

// ferryOptions lists the Ferry… menu of choice ch on game st (a
// turnView): each pair of road ends of the lake tile placed; nil for
// another tile.
func ferryOptions(st *engine.Game, ch choice) []discordgo.SelectMenuOption {
	var opts []discordgo.SelectMenuOption
	for _, l := range st.FerryLinks(drawnTile(st), ch.rot) {
		opts = append(opts, discordgo.SelectMenuOption{Label: "Ferry joins the roads " + turnview.LinkWords(l), Value: l.String(), Default: l == ch.ferry})
	}
	return opts
}

// ferryMoveOptions lists the Move ferries… menu of choice ch on game st (a
// turnView): for each ferry the tile placed may move, each other pair of
// road ends of its lake; and the number of ferries (the most options a
// player may pick, one per ferry).
func ferryMoveOptions(st *engine.Game, ch choice) ([]discordgo.SelectMenuOption, int) {
	m := ch.move(st)
	m.FerryMoves = engine.FerryMoves{}
	ferries := st.MovableFerries(m)
	var opts []discordgo.SelectMenuOption
	for _, fm := range st.AppendFerryMoves(nil, m) {
		if len(opts) == 25 {
			break
		}
		now := ""
		for _, f := range ferries {
			if f.Cell == fm.Cell {
				now = " (now " + turnview.LinkWords(f.Link) + ")"
			}
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("Ferry at (%s): join %s%s", fm.Cell, turnview.LinkWords(fm.Link), now),
			Value: ferryMoveValue(fm), Default: slices.Contains(ch.fmoves.All(), fm)})
	}
	return opts, len(ferries)
}

// checkFerryMoves reads the Move ferries… menu's values for choice ch on
// game st (a turnView): each a move AppendFerryMoves offers, one per
// ferry at most. why says otherwise, for the player.
func checkFerryMoves(st *engine.Game, ch choice, values []string) (engine.FerryMoves, string) {
	m := ch.move(st)
	m.FerryMoves = engine.FerryMoves{}
	legal := st.AppendFerryMoves(nil, m)
	var fm engine.FerryMoves
	seen := map[engine.Cell]bool{}
	for _, v := range values {
		mv, ok := parseFerryMoveValue(v)
		if !ok || !slices.Contains(legal, mv) {
			return engine.FerryMoves{}, "Your tile cannot move that ferry there: a ferry moves when your tile continues a road that leads to it, to two other road ends of its lake"
		}
		if seen[mv.Cell] {
			return engine.FerryMoves{}, fmt.Sprintf("The ferry at (%s) moves once: pick one way for it", mv.Cell)
		}
		seen[mv.Cell] = true
		fm = fm.Add(mv)
	}
	return fm, ""
}

// ferryLine says in the preview what choice ch does with the ferries.
func ferryLine(ch choice) string {
	s := ""
	if ch.ferry != 0 {
		s += fmt.Sprintf("\nFerry: joins the roads %s; choose others with **Ferry…**.", turnview.LinkWords(ch.ferry))
	}
	for _, fm := range ch.fmoves.All() {
		s += fmt.Sprintf("\nThe ferry at (%s) moves to join %s.", fm.Cell, turnview.LinkWords(fm.Link))
	}
	return s
}

// ferriesHelp is /carcassonne help's paragraph on The Ferries.
const ferriesHelp = " A lake tile gets a ferry joining two of its road ends into one road: choose which with **Ferry…**. " +
	"When your tile continues a road that leads to a ferry, you may move that ferry once to join two other road ends of its lake " +
	"with **Move ferries…**: a road it opens can be completed and scored again."

// ferryMovesAnswered counts the ferries moved by answers as.
func ferryMovesAnswered(as []engine.Answer) int {
	n := 0
	for _, a := range as {
		if a.Step == engine.StepFerryMove && a.Link != 0 {
			n++
		}
	}
	return n
}
