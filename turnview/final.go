package turnview

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/engine"
)

// This file says how a game ended, for the end of every front end
// (Discord's end message, the terminal's final scoring): the points of
// each player by source, and who won.

// nameColumn is the width of the players' column of FinalTable, in
// characters: longer names are cut.
const nameColumn = 16

// FinalTable lays out the final scoring of game g (after the game end's
// scoring, engine.Game.Breakdowns) as lines of a table for a fixed-width
// font: a head naming the players' column and each source of points of
// the game's expansions (engine.PointSources: roads, cities, cloisters,
// farms, … the messages, the robbers' loot) then the total, and one row
// per player from the highest score to the lowest (engine.Game.Standings,
// the order of the final picture). The sources add up to the total. Each
// column is as wide as its title (at least 4 characters), the players'
// at least 16; a longer name ends in "…". names names the players. The
// titles are in vo's language (messages turn.final.…).
func (vo Voice) FinalTable(g *engine.Game, names Names) []string {
	var set engine.ExpansionSet
	if g.Rules() != nil {
		set = g.Rules().Expansions
	}
	cols := append(engine.PointSources(set), engine.PointSource{Name: "total", Of: engine.Breakdown.Total})
	player := vo.t("turn.final.player")
	width := max(nameColumn, utf8.RuneCountInString(player))
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s", width, player)
	widths := make([]int, len(cols))
	for k, c := range cols {
		title := vo.t("turn.final." + c.Name)
		widths[k] = max(4, utf8.RuneCountInString(title))
		fmt.Fprintf(&b, " %*s", widths[k], title)
	}
	lines := []string{b.String()}
	table := g.Breakdowns()
	for _, p := range g.Standings() {
		b.Reset()
		fmt.Fprintf(&b, "%-*s", width, cut(names.of(g, p), nameColumn))
		for k, c := range cols {
			fmt.Fprintf(&b, " %*d", widths[k], c.Of(table[p]))
		}
		lines = append(lines, b.String())
	}
	return lines
}

// cut shortens s to n characters, the last one "…", when it is longer.
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// Winners says who won game g (engine.Game.Winners), in vo's language:
// "Alice wins with 52 points!", "Alice and Bob share the victory with 40
// points!", and in a game of one player "Alice scores 52 points."
func (vo Voice) Winners(g *engine.Game, names Names) string {
	won, best := g.Winners()
	var ws []string
	for _, p := range won {
		ws = append(ws, names.of(g, p))
	}
	switch {
	case g.NumPlayers() == 1 && len(ws) == 1:
		return vo.n("turn.final.solo", best, "Player", ws[0])
	case len(ws) == 1:
		return vo.n("turn.final.wins", best, "Player", ws[0])
	}
	return vo.n("turn.final.share", best, "Players", vo.JoinAnd(ws))
}
