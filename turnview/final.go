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

// nameColumn and maxNameColumn are the narrowest and the widest the
// players' column of FinalTable is, in characters: as wide as the longest
// name between them, so that "Computer (normal)" and "Computer (normal) 2"
// are told apart; a longer name is cut.
const (
	nameColumn    = 16
	maxNameColumn = 24
)

// FinalScore is one player's row of the final scoring: the points of each
// source of FinalScores' list, and their sum, the player's score.
type FinalScore struct {
	Player int
	Points []int
	Total  int
}

// FinalScores returns the final scoring of game g (after the game end's
// scoring, engine.Game.Breakdowns): the sources of points of the game's
// expansions (engine.PointSources: roads, cities, cloisters, farms, … the
// messages, the robbers' loot), and each player's points by source, from
// the highest score to the lowest (engine.Game.Standings, the order of
// the final picture). The sources add up to the total.
func FinalScores(g *engine.Game) ([]engine.PointSource, []FinalScore) {
	var set engine.ExpansionSet
	if g.Rules() != nil {
		set = g.Rules().Expansions
	}
	sources := engine.PointSources(set)
	table := g.Breakdowns()
	var scores []FinalScore
	for _, p := range g.Standings() {
		s := FinalScore{Player: p, Total: table[p].Total()}
		for _, c := range sources {
			s.Points = append(s.Points, c.Of(table[p]))
		}
		scores = append(scores, s)
	}
	return sources, scores
}

// SourceTitle names a source of points (engine.PointSource.Name) as the
// final scoring's column does, in vo's language: "roads", "Robber Baron",
// "messages"; "total" for the total, "player" for the players' column
// (messages turn.final.…).
func (vo Voice) SourceTitle(name string) string { return vo.t("turn.final." + name) }

// FinalTable lays out the final scoring of game g (FinalScores) as lines
// of a table for a fixed-width font: a head naming the players' column,
// each source of points and the total, then one row per player, best
// first. Each column is as wide as its title (at least 4 characters),
// the players' as the longest name, from 16 to 24 characters; a longer
// name ends in "…". names names the players; the titles are in vo's
// language.
func (vo Voice) FinalTable(g *engine.Game, names Names) []string {
	sources, scores := FinalScores(g)
	player := vo.SourceTitle("player")
	longest := 0
	for p := range g.NumPlayers() {
		longest = max(longest, utf8.RuneCountInString(names.of(g, p)))
	}
	cutAt := min(maxNameColumn, max(nameColumn, longest))
	width := max(cutAt, utf8.RuneCountInString(player))
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s", width, player)
	widths := make([]int, len(sources)+1)
	for k := range widths {
		title := vo.SourceTitle("total")
		if k < len(sources) {
			title = vo.SourceTitle(sources[k].Name)
		}
		widths[k] = max(4, utf8.RuneCountInString(title))
		fmt.Fprintf(&b, " %*s", widths[k], title)
	}
	lines := []string{b.String()}
	for _, s := range scores {
		b.Reset()
		fmt.Fprintf(&b, "%-*s", width, cut(names.of(g, s.Player), cutAt))
		for k, n := range s.Points {
			fmt.Fprintf(&b, " %*d", widths[k], n)
		}
		fmt.Fprintf(&b, " %*d", widths[len(s.Points)], s.Total)
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
