package terminal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// This file holds the ransom command of The Tower (paid with the next
// place); what score says of each player comes from turnview.Standing.

// ransom plays `ransom NAME [large]`: the current player will pay that
// player RansomPoints for one of their prisoners with this turn's tile
// (004_…, "The prisoners"); `ransom none` takes it back. NAME may have
// spaces (a computer's "Computer (hard)"), in any case.
func (s *session) ransomCommand(args []string) {
	if s.state.Ended() {
		s.say("terminal.ransom.over")
		return
	}
	if !hasTower(s.state) {
		s.say("terminal.ransom.no_tower", "Expansion", s.voice.ExpansionTitle(engine.ExpansionTower))
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
	if len(args) == 0 {
		s.say("terminal.ransom.usage")
		return
	}
	// The name may have spaces ("Computer (hard)"); "large" may follow it.
	byName := func(ws []string) int {
		name := strings.Join(ws, " ")
		return slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(strings.Join(strings.Fields(n), " "), name) })
	}
	fig := engine.FigureFollower
	j := byName(args)
	if last := len(args) - 1; j < 0 && last > 0 {
		if j = byName(args[:last]); j >= 0 && !strings.EqualFold(args[last], "large") {
			s.say("terminal.ransom.what", "Jailer", names[j], "Word", strconv.Quote(args[last]))
			return
		}
		fig = engine.FigureLarge
	}
	if j < 0 {
		s.say("terminal.ransom.nobody", "Name", strconv.Quote(strings.Join(args, " ")))
		return
	}
	r := engine.Ransom{Jailer: j, Figure: fig}
	switch {
	case j == cur:
		s.say("terminal.ransom.self", "Player", who)
		return
	case s.state.Score(cur) < engine.RansomPoints:
		fmt.Fprintln(s.out, s.lang.N("terminal.ransom.poor", s.state.Score(cur), i18n.Data("Player", who, "Cost", engine.RansomPoints)))
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

// ransomOffer says which of the current player's followers they may buy
// back this turn, with the commands that do it, as Discord's turn message
// says it with its Ransom button (turnview's RansomOffer): "… (ransom Bob
// or ransom Carol large)."; "" when they may pay none.
func (s *session) ransomOffer() string {
	var cmds []string
	for _, r := range s.state.Ransoms() {
		cmd := "ransom " + s.state.Players()[r.Jailer]
		if r.Figure == engine.FigureLarge {
			cmd += " large"
		}
		cmds = append(cmds, cmd)
	}
	return s.voice.RansomOffer(s.state, s.names(), s.voice.JoinOr(cmds))
}

// hasTower reports whether game g plays The Tower.
func hasTower(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionTower)
}
