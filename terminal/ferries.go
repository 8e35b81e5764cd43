package terminal

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds The Ferries in the terminal game (001_…, "The Ferries"):
// the words of place that set the lake's ferry (ferry E+W, ferry@E+W) and
// move ferries (ferry x,y:N+S, ferry@x,y:N+S); the ferry command that
// answers those choices when place leaves them out (ferry N from the list,
// ferry E+W, ferry x,y:N+S, ferry none); and what spots and the summaries
// say of ferries.

// hasFerries reports whether game g plays The Ferries.
func hasFerries(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionFerries)
}

// ferryWord reads the words of place that set or move a ferry: "ferry"
// followed by what, or "ferry@what", what being PORT+PORT (the lake just
// placed) or x,y:PORT+PORT (a ferry moved). It reports how many words it
// took (0 when w is no ferry word).
func ferryWord(args []string, i int, m *engine.Move) (int, error) {
	w := strings.ToLower(args[i])
	what, n := "", 0
	switch {
	case w == "ferry":
		if i+1 >= len(args) {
			return 0, errors.New("which ferry? write ferry E+W for the lake placed, or ferry x,y:N+S to move one (see spots)")
		}
		what, n = args[i+1], 2
	case strings.HasPrefix(w, "ferry@"):
		what, n = args[i][len("ferry@"):], 1
	default:
		return 0, nil
	}
	return n, setFerry(m, what)
}

// setFerry sets, in move m, the lake's ferry (PORT+PORT) or a ferry move
// (x,y:PORT+PORT).
func setFerry(m *engine.Move, what string) error {
	cell, link, moved := strings.Cut(what, ":")
	if !moved {
		link = cell
	}
	l, ok := engine.ParseFerryLink(strings.ToUpper(link))
	if !ok {
		return fmt.Errorf("a ferry joins two road ends of its lake, like E+W (two of N, E, S, W), not %q", link)
	}
	if !moved {
		if m.Ferry != 0 {
			return errors.New("the lake placed takes one ferry")
		}
		m.Ferry = l
		return nil
	}
	c, err := engine.ParseCell(cell)
	if err != nil {
		return fmt.Errorf("a ferry moved is written x,y:PORT+PORT: %w", err)
	}
	if m.FerryMoves.Len() >= engine.MaxFerryMoves {
		return fmt.Errorf("a turn moves at most %d ferries", engine.MaxFerryMoves)
	}
	m.FerryMoves = m.FerryMoves.Add(engine.FerryMove{Cell: c, Link: l})
	return nil
}

// withFerry returns move m with a ferry on its lake when it has none yet,
// so that the checks made before the ferry is chosen pass it.
func (s *session) withFerry(m engine.Move) engine.Move {
	if m.Ferry == 0 && !m.Discard && !m.Aside && hasFerries(s.state) {
		if ls := s.state.FerryLinks(m.Tile, m.Rotation); len(ls) > 0 {
			m.Ferry = ls[0]
		}
	}
	return m
}

// pendingFerry is a placement waiting for its ferries: the lake's ferry to
// set, or the ferries it reaches to move or leave (the ferry command).
type pendingFerry struct {
	move  engine.Move
	links []engine.FerryLink // the lake's links, while its ferry is not set
	moves []engine.FerryMove // else the ferry moves left
	// done says that the ferries are answered: the move is played.
	done   bool
	moves0 int // the moves of the game when the tile was placed
}

// ferry returns the placement waiting for its ferries, nil for none.
func (s *session) ferry() *pendingFerry {
	if s.pendingFerry == nil || s.pendingFerry.moves0 != len(s.state.Moves()) || s.state.Ended() {
		s.pendingFerry = nil
	}
	return s.pendingFerry
}

// askFerries reports whether move m (every other choice made) waits for a
// ferry choice, and then lists it: the lake's ferry when place left it
// out, or the ferries the tile reaches when place moved none. After the
// ferry command's answers it returns false, once.
func (s *session) askFerries(m engine.Move) bool {
	if !hasFerries(s.state) || m.Discard || m.Aside {
		return false
	}
	if pf := s.ferry(); pf != nil && pf.done {
		s.pendingFerry = nil
		return false
	}
	pf := &pendingFerry{move: m, moves0: len(s.state.Moves())}
	if m.Ferry == 0 {
		pf.links = s.state.FerryLinks(m.Tile, m.Rotation)
	}
	if len(pf.links) == 0 {
		if m.FerryMoves.Len() > 0 {
			return false
		}
		pf.moves = s.state.AppendFerryMoves(nil, m)
		if len(pf.moves) == 0 {
			return false
		}
	}
	s.pendingFerry = pf
	s.showFerry()
	return true
}

// showFerry lists the choice the placement waiting for its ferries asks.
func (s *session) showFerry() {
	pf := s.pendingFerry
	m := pf.move
	cur := s.state.Players()[s.state.Current()]
	if len(pf.links) > 0 {
		fmt.Fprintf(s.out, "%s sets the ferry on the lake of %s at %s: which two road ends does it join? ferry N:\n", cur, s.tileName(m.Tile), m.Cell)
		for i, l := range pf.links {
			fmt.Fprintf(s.out, "  %d  %s\n", i+1, l)
		}
		return
	}
	fmt.Fprintf(s.out, "%s may move the first ferry on each road %s continues: ferry N, or ferry none to leave them:\n", cur, s.tileName(m.Tile))
	for i, fm := range pf.moves {
		was := ""
		if f, ok := s.state.FerryAt(fm.Cell); ok {
			was = " (now " + f.Link.String() + ")"
		}
		fmt.Fprintf(s.out, "  %d  the ferry at %s to %s%s\n", i+1, fm.Cell, fm.Link, was)
	}
}

// ferryCommand plays `ferry N`, `ferry E+W`, `ferry x,y:N+S` or `ferry
// none`: the lake's ferry, a ferry moved, or no (more) ferry moved.
func (s *session) ferryCommand(args []string) error {
	pf := s.ferry()
	if pf == nil {
		fmt.Fprintln(s.out, "No ferry waits: a lake tile's ferry and the ferries it moves go with place (place N ferry E+W, see spots), or are asked after it.")
		return nil
	}
	if len(args) != 1 {
		fmt.Fprintln(s.out, "Which ferry? write ferry N from the list.")
		s.showFerry()
		return nil
	}
	w := args[0]
	m := pf.move
	n, err := strconv.Atoi(w)
	switch {
	case strings.EqualFold(w, "none") && len(pf.links) == 0:
		pf.done = true
		return s.playPlace(m)
	case strings.EqualFold(w, "none"):
		fmt.Fprintln(s.out, "A lake tile takes its ferry: choose ferry N from the list.")
		return nil
	case err == nil && len(pf.links) > 0:
		if n < 1 || n > len(pf.links) {
			fmt.Fprintf(s.out, "There is no ferry %d: they are numbered 1 to %d.\n", n, len(pf.links))
			return nil
		}
		m.Ferry = pf.links[n-1]
	case err == nil:
		if n < 1 || n > len(pf.moves) {
			fmt.Fprintf(s.out, "There is no ferry move %d: they are numbered 1 to %d.\n", n, len(pf.moves))
			return nil
		}
		m.FerryMoves = m.FerryMoves.Add(pf.moves[n-1])
	default:
		if err := setFerry(&m, w); err != nil {
			fmt.Fprintln(s.out, sentence(err.Error()))
			return nil
		}
		if m.Ferry != pf.move.Ferry && len(pf.links) == 0 {
			fmt.Fprintln(s.out, "The lake's ferry is set: move a ferry with ferry x,y:PORT+PORT, or ferry none.")
			return nil
		}
		if m.FerryMoves.Len() != pf.move.FerryMoves.Len() && len(pf.links) > 0 {
			fmt.Fprintln(s.out, "First set the lake's ferry: ferry N from the list.")
			return nil
		}
	}
	if err := s.check(m); err != nil {
		fmt.Fprintln(s.out, sentence(err.Error()))
		return nil
	}
	pf.move, pf.links = m, nil
	if pf.moves = s.state.AppendFerryMoves(nil, m); len(pf.moves) == 0 {
		pf.done = true
		return s.playPlace(m)
	}
	s.showFerry()
	return nil
}

// listFerries lists, for spots, the ferry choices of the placement of move
// m: the lake's links, and the ferries the tile reaches.
func (s *session) listFerries(m engine.Move) {
	if !hasFerries(s.state) {
		return
	}
	if ls := s.state.FerryLinks(m.Tile, m.Rotation); len(ls) > 0 {
		words := make([]string, len(ls))
		for i, l := range ls {
			words[i] = l.String()
		}
		fmt.Fprintf(s.out, "  the lake's ferry joins two road ends (add to place, or choose after it): ferry %s\n", turnview.JoinOr(words))
	}
	for _, f := range s.state.MovableFerries(s.withFerry(m)) {
		pt, _ := s.state.TileAt(f.Cell)
		var to []string
		for _, l := range s.state.FerryLinks(pt.Tile, pt.Rotation) {
			if l != f.Link {
				to = append(to, f.Cell.String()+":"+l.String())
			}
		}
		fmt.Fprintf(s.out, "  the ferry at %s (now %s) may move (add to place, or choose after it): ferry %s\n", f.Cell, f.Link, turnview.JoinOr(to))
	}
}
