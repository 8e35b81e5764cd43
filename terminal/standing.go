package terminal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds what the terminal says of the expansions' figures

// outside a turn's choices: the ransom command of The Tower (paid with

// the next place), and what score says of tower pieces, prisoners, the

// fairy, gold ingots, the mage and the witch.

// ransom plays `ransom NAME [large]`: the current player will pay that

// player RansomPoints for one of their prisoners with this turn's tile

// (004_…, "The prisoners"); `ransom none` takes it back.
func (s *session) ransomCommand(args []string) {
	if s.state.Ended() {
		s.say("terminal.ransom.over")
		return
	}
	if !hasTower(s.state) {
		s.say("terminal.ransom.no_tower", "Expansion", engine.ExpansionTower.Title())
		return
	}
	cur := s.state.Current()
	names := s.state.Players()
	who := names[cur]
	if len(args) == 1 && strings.EqualFold(args[0], "none") {
		s.pendingRansom = nil
		s.say("terminal.ransom.none", "Player", who)
		return
	}
	if len(args) == 0 || len(args) > 2 {
		s.say("terminal.ransom.usage")
		return
	}
	j := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, args[0]) })
	if j < 0 {
		s.say("terminal.ransom.nobody", "Name", strconv.Quote(args[0]))
		return
	}
	fig := engine.FigureFollower
	if len(args) == 2 {
		if !strings.EqualFold(args[1], "large") {
			s.say("terminal.ransom.what", "Jailer", names[j], "Word", strconv.Quote(args[1]))
			return
		}
		fig = engine.FigureLarge
	}
	r := engine.Ransom{Jailer: j, Figure: fig}
	switch {
	case j == cur:
		s.say("terminal.ransom.self", "Player", who)
		return
	case s.state.Score(cur) < engine.RansomPoints:
		fmt.Fprintln(s.out, s.lang.N("terminal.ransom.poor", s.state.Score(cur), pairs([]any{"Player", who, "Cost", engine.RansomPoints})))
		return
	case !slices.Contains(s.state.Ransoms(), r):
		s.say("terminal.ransom.holds_none", "Jailer", names[j], "Figure", s.voice.Figure(fig), "Player", who)
		return
	}
	s.pendingRansom = &pendingRansom{ransom: r, moves: len(s.state.Moves())}
	s.say("terminal.ransom.will_pay", "Player", who, "Points", engine.RansomPoints, "Jailer", names[j], "Figure", s.voice.Figure(fig))
}

// pendingRansom is a ransom said with the ransom command, paid with the

// next place of the same turn.
type pendingRansom struct {
	ransom engine.Ransom
	moves  int // the number of moves when it was said
}

// ransomFor returns the ransom said for the turn under way, if any.
func (s *session) ransomFor() (engine.Ransom, bool) {
	if s.pendingRansom == nil || s.pendingRansom.moves != len(s.state.Moves()) {
		s.pendingRansom = nil
		return engine.Ransom{}, false
	}
	return s.pendingRansom.ransom, true
}

// towerScoreWords returns what score says of player p's tower pieces and

// prisoners: " · 7 tower pieces · holds Blue's follower".
func (s *session) towerScoreWords(p int) string {
	if !hasTower(s.state) {
		return ""
	}
	w := " · " + turnview.Plural(s.state.TowerPieces(p), "tower piece")
	var held []string
	names := s.state.Players()
	prs := s.state.Prisoners(p)
	for i := 0; i < len(prs); {
		n := 1
		for i+n < len(prs) && prs[i+n] == prs[i] {
			n++
		}
		if n == 1 {
			held = append(held, names[prs[i].Player]+"'s "+prs[i].Figure.Title())
		} else {
			held = append(held, fmt.Sprintf("%d of %s's %ss", n, names[prs[i].Player], prs[i].Figure.Title()))
		}
		i += n
	}
	if len(held) > 0 {
		w += " · holds " + turnview.JoinAnd(held)
	}
	return w
}

// fairyScoreWords returns what score says of the fairy: " · the fairy" for

// its owner.
func (s *session) fairyScoreWords(p int) string {
	if c, owner, ok := s.state.Fairy(); ok && owner == p {
		return " · the fairy on " + c.String()
	}
	return ""
}

// goldScoreWords returns what score says of player p's gold: " · 3 gold

// ingots", nothing without The Gold Mines.
func (s *session) goldScoreWords(p int) string {
	if !hasGold(s.state) {
		return ""
	}
	return " · " + turnview.Plural(s.state.Gold(p), "gold ingot")
}

// magicScoreWords returns what score says of the mage and the witch: "

// · mage on 1,0 · witch off the board", nothing without Mage & Witch. It

// is said once, after the players.
func (s *session) magicScoreWords() string {
	if !hasMagic(s.state) {
		return ""
	}
	var out []string
	for f := engine.MagicMage; f <= engine.MagicWitch; f++ {
		if t, on := s.state.MagicAt(f); on {
			out = append(out, fmt.Sprintf("the %s on the %s at %s (%s)", f, turnview.FeatureName(s.state, t), t.Cell, t.Port))
		} else {
			out = append(out, fmt.Sprintf("the %s off the board", f))
		}
	}
	return strings.Join(out, ", ")
}

// hasTower reports whether game g plays The Tower.
func hasTower(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionTower)
}

// hasGold reports whether game g plays The Gold Mines.
func hasGold(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionGoldMines)
}

// hasMagic reports whether game g plays Mage & Witch.
func hasMagic(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionMageAndWitch)
}
