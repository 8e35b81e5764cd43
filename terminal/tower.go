package terminal

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds The Tower in the terminal game (004_…, "The Tower"):
// the words of place that put a tower piece and take a prisoner
// (place N [ROTATION] tower x,y [capture x,y SPOT]) or close a tower
// (follower@x,y:tower), the ransom command, and what spots, score and the
// summaries say of towers and prisoners.

// hasTower reports whether game g plays The Tower.
func hasTower(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionTower)
}

// towerWords splits the tower words off the end of place's arguments
// (after the escape was taken off): tower x,y or tower@x,y, then perhaps
// capture x,y [SPOT] or capture@x,y:PORT (or x,y:tower); or
// follower@x,y:tower (large@x,y:tower). It sets them in m and returns the
// arguments before them. found is false when there are none; spotless is
// true for a capture written without its spot (capture x,y), which
// completeCapture fills in.
func towerWords(args []string, m *engine.Move) (rest []string, found, spotless bool, err error) {
	start := slices.IndexFunc(args, func(w string) bool {
		lw := strings.ToLower(w)
		return lw == "tower" || strings.HasPrefix(lw, "tower@") || strings.HasSuffix(lw, ":tower") && strings.Contains(lw, "@") && !strings.HasPrefix(lw, "capture")
	})
	if start < 0 {
		if i := slices.IndexFunc(args, func(w string) bool {
			lw := strings.ToLower(w)
			return lw == "capture" || strings.HasPrefix(lw, "capture@")
		}); i >= 0 {
			return args, false, false, errors.New("a prisoner is taken only after a tower piece: place N [ROTATION] tower x,y capture x,y SPOT")
		}
		return args, false, false, nil
	}
	words := args[start:]
	first := strings.ToLower(words[0])
	switch {
	case first == "tower":
		if len(words) < 2 {
			return args, true, false, errors.New("a tower piece on which tile? write tower x,y (see spots)")
		}
		c, err := engine.ParseCell(words[1])
		if err != nil {
			return args, true, false, fmt.Errorf("tower takes the cell of a tower or foundation: %w", err)
		}
		m.Tower, m.TowerCell = engine.TowerPiece, c
		words = words[2:]
	case strings.HasPrefix(first, "tower@"):
		c, err := engine.ParseCell(first[len("tower@"):])
		if err != nil {
			return args, true, false, fmt.Errorf("tower@ takes the cell of a tower or foundation: %w", err)
		}
		m.Tower, m.TowerCell = engine.TowerPiece, c
		words = words[1:]
	default: // follower@x,y:tower
		name, where, _ := strings.Cut(first, "@")
		fig, ok := engine.ParseFigure(name)
		if !ok || fig != engine.FigureFollower && fig != engine.FigureLarge {
			return args, true, false, fmt.Errorf("only a follower (follower@x,y:tower) or the large follower (large@x,y:tower) closes a tower, not %q", name)
		}
		c, err := engine.ParseCell(strings.TrimSuffix(where, ":tower"))
		if err != nil {
			return args, true, false, err
		}
		m.Tower, m.TowerCell, m.Figure = engine.TowerTop, c, fig
		words = words[1:]
	}
	if len(words) > 0 {
		if m.Tower != engine.TowerPiece {
			return args, true, false, errors.New("only a tower piece takes a prisoner, and nothing else follows a follower on a tower")
		}
		lw := strings.ToLower(words[0])
		switch {
		case lw == "capture":
			if len(words) < 2 {
				return args, true, false, errors.New("take prisoner on which tile? write capture x,y SPOT (see spots)")
			}
			c, err := engine.ParseCell(words[1])
			if err != nil {
				return args, true, false, fmt.Errorf("capture takes the cell of the tile where the follower stands: %w", err)
			}
			m.Capture = engine.Target{Cell: c}
			if len(words) > 2 {
				if err := setCaptureSpot(&m.Capture, words[2]); err != nil {
					return args, true, false, err
				}
				words = words[3:]
			} else {
				words, spotless = words[2:], true
			}
		case strings.HasPrefix(lw, "capture@"):
			cell, spot, ok := strings.Cut(lw[len("capture@"):], ":")
			if !ok {
				return args, true, false, fmt.Errorf("a prisoner is written capture@x,y:PORT (capture@0,2:C) or capture@x,y:tower, not %s", words[0])
			}
			c, err := engine.ParseCell(cell)
			if err != nil {
				return args, true, false, err
			}
			m.Capture = engine.Target{Cell: c}
			if err := setCaptureSpot(&m.Capture, spot); err != nil {
				return args, true, false, err
			}
			words = words[1:]
		default:
			return args, true, false, fmt.Errorf("%q cannot follow the tower piece: write capture x,y SPOT to take a prisoner", words[0])
		}
	}
	if len(words) > 0 {
		return args, true, false, errors.New("too many words after the tower: write tower x,y [capture x,y SPOT]")
	}
	return args[:start], true, spotless, nil
}

// setCaptureSpot reads the SPOT of a capture: a port naming the feature of
// the follower on that tile (N, C, …) or tower for the follower on top of
// its tower.
func setCaptureSpot(t *engine.Target, spot string) error {
	if strings.EqualFold(spot, "tower") {
		t.Tower = true
		return nil
	}
	p, ok := engine.ParsePort(strings.ToUpper(spot))
	if !ok {
		return fmt.Errorf("%q names no spot of a tile: give the port of the follower's feature (NNW, N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW or C) or tower", spot)
	}
	t.Port = p
	return nil
}

// completeCapture fills in the spot of a capture written without one (capture
// x,y) when a single figure in reach stands on that tile.
func (s *session) completeCapture(m *engine.Move) error {
	c := m.Capture.Cell
	m.Capture = engine.Target{}
	var on []engine.Target
	for _, t := range s.state.Captures(*m) {
		if t.Cell == c {
			on = append(on, t)
		}
	}
	switch len(on) {
	case 0:
		return fmt.Errorf("no follower in reach of the tower at %s stands on %s (see spots)", m.TowerCell, c)
	case 1:
		m.Capture = on[0]
		return nil
	}
	words := make([]string, len(on))
	for i, t := range on {
		words[i] = captureWords(t)
	}
	return fmt.Errorf("several followers stand on %s: write %s", c, turnview.JoinOr(words))
}

// captureWords writes target t as place takes it: "capture 0,2 C",
// "capture 1,0 tower".
func captureWords(t engine.Target) string {
	if t.Tower {
		return "capture " + t.Cell.String() + " tower"
	}
	return "capture " + t.Cell.String() + " " + t.Port.String()
}

// listTowers lists, for spots, what The Tower allows with placement p of
// the drawn tile: the tower pieces (with what each could take prisoner)
// and the towers a follower may close.
func (s *session) listTowers(m engine.Move) {
	if !hasTower(s.state) || m.Follower != engine.NoPort {
		return
	}
	cur := s.state.Current()
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	cells := s.state.TowerCells(p)
	if len(cells) > 0 {
		fmt.Fprintf(s.out, "  instead, a tower piece (%s left; add to place):\n", turnview.Plural(s.state.TowerPieces(cur), "piece"))
		for _, c := range cells {
			tm := m
			tm.Tower, tm.TowerCell = engine.TowerPiece, c
			line := "    tower " + c.String() + " (" + s.storiesAfter(c) + ")"
			var caps []string
			for _, t := range s.state.Captures(tm) {
				caps = append(caps, captureWords(t)+" ("+s.figureOn(t)+")")
			}
			if len(caps) > 0 {
				line += ", then perhaps " + turnview.JoinOr(caps)
			}
			fmt.Fprintln(s.out, line)
		}
	}
	var tops []string
	for _, fig := range []engine.Figure{engine.FigureFollower, engine.FigureLarge} {
		for _, c := range s.state.TowerTops(fig) {
			tops = append(tops, fig.String()+"@"+c.String()+":tower")
		}
	}
	if len(tops) > 0 {
		fmt.Fprintf(s.out, "  or close a tower for good with a follower on top: %s\n", turnview.JoinOr(tops))
	}
}

// storiesAfter says how high the tower on c would be with one more piece:
// "1 story", "3 stories".
func (s *session) storiesAfter(c engine.Cell) string {
	h := 1
	for _, t := range s.state.Towers() {
		if t.Cell == c {
			h = t.Height + 1
		}
	}
	if h == 1 {
		return "1 story"
	}
	return fmt.Sprintf("%d stories", h)
}

// figureOn names the figure target t names on the board: "Blue's
// follower – cloister", "Blue's follower on the tower".
func (s *session) figureOn(t engine.Target) string {
	names := s.state.Players()
	if t.Tower {
		for _, tw := range s.state.Towers() {
			if tw.Cell == t.Cell && tw.Guarded {
				return names[tw.Guard] + "'s " + tw.GuardFigure.Title() + " on the tower"
			}
		}
		return "the follower on the tower"
	}
	pt, ok := s.state.TileAt(t.Cell)
	if !ok {
		return "a follower"
	}
	fi, _ := s.state.TileSet().FeatureAt(pt.Tile, pt.Rotation, t.Port)
	for _, f := range s.state.Followers() {
		if f.Cell == t.Cell && f.Feature == fi && f.Figure.Weight() > 0 {
			return names[f.Player] + "'s " + f.Figure.Title() + " (" + f.Kind.Role() + ")"
		}
	}
	return "a follower"
}

// ransom plays `ransom NAME [large]`: the current player will pay that
// player RansomPoints for one of their prisoners with this turn's tile
// (004_…, "The prisoners"); `ransom none` takes it back.
func (s *session) ransomCommand(args []string) {
	if s.state.Ended() {
		fmt.Fprintln(s.out, "The game is over.")
		return
	}
	if !hasTower(s.state) {
		fmt.Fprintf(s.out, "There are no prisoners in this game: ransoms come with %s.\n", engine.ExpansionTower.Title())
		return
	}
	cur := s.state.Current()
	names := s.state.Players()
	who := names[cur]
	if len(args) == 1 && strings.EqualFold(args[0], "none") {
		s.pendingRansom = nil
		fmt.Fprintf(s.out, "%s pays no ransom this turn.\n", who)
		return
	}
	if len(args) == 0 || len(args) > 2 {
		fmt.Fprintln(s.out, "Write ransom NAME, the player who holds your follower (ransom NAME large for your large follower), or ransom none.")
		return
	}
	j := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, args[0]) })
	if j < 0 {
		fmt.Fprintf(s.out, "Nobody called %q plays in this game.\n", args[0])
		return
	}
	fig := engine.FigureFollower
	if len(args) == 2 {
		if !strings.EqualFold(args[1], "large") {
			fmt.Fprintf(s.out, "A ransom frees a follower (ransom %s) or the large follower (ransom %s large), not %q.\n", names[j], names[j], args[1])
			return
		}
		fig = engine.FigureLarge
	}
	r := engine.Ransom{Jailer: j, Figure: fig}
	switch {
	case j == cur:
		fmt.Fprintf(s.out, "%s cannot pay a ransom to themselves.\n", who)
		return
	case s.state.Score(cur) < engine.RansomPoints:
		fmt.Fprintf(s.out, "%s has %s, and a ransom costs %d.\n", who, turnview.Plural(s.state.Score(cur), "point"), engine.RansomPoints)
		return
	case !slices.Contains(s.state.Ransoms(), r):
		fmt.Fprintf(s.out, "%s holds no %s of %s.\n", names[j], fig.Title(), who)
		return
	}
	s.pendingRansom = &pendingRansom{ransom: r, moves: len(s.state.Moves())}
	fmt.Fprintf(s.out, "%s will pay %d points to %s for the %s with the tile of this turn (place …), and may deploy it at once; ransom none takes it back.\n", who, engine.RansomPoints, names[j], fig.Title())
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
