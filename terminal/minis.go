package terminal

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds The Flying Machines and The Gold Mines in the terminal
// game (001_…, the mini expansions): the words of place that put a figure
// onto the flying machine (place N [ROTATION] fly, large fly, follower@fly)
// and the second gold ingot (gold x,y, gold@x,y); the land command that
// chooses where a flying figure lands once the die is rolled; and what
// spots, score, the summaries and the final table say of flights and gold.

// hasFlying reports whether game g plays The Flying Machines.
func hasFlying(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionFlyingMachines)
}

// hasGold reports whether game g plays The Gold Mines.
func hasGold(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionGoldMines)
}

// minisWords takes the words of the mini expansions out of place's
// arguments: gold x,y or gold@x,y (the second gold ingot), and fly, with
// large before or after it for the large follower, or follower@fly and
// large@fly (a figure onto the flying machine). It sets them in m and
// returns the other words.
func minisWords(args []string, m *engine.Move) ([]string, error) {
	var rest []string
	for i := 0; i < len(args); i++ {
		w := strings.ToLower(args[i])
		if n, err := ferryWord(args, i, m); err != nil {
			return nil, err
		} else if n > 0 {
			i += n - 1 // The Ferries (ferries.go)
			continue
		}
		switch {
		case w == "gold":
			if i+1 >= len(args) {
				return nil, errors.New("the second gold ingot on which tile? write gold x,y (see spots)")
			}
			if err := setGold(m, args[i+1]); err != nil {
				return nil, err
			}
			i++
		case strings.HasPrefix(w, "gold@"):
			if err := setGold(m, w[len("gold@"):]); err != nil {
				return nil, err
			}
		case w == "fly" || w == "follower@fly" || w == "large@fly":
			if m.Fly {
				return nil, errors.New("one figure flies at most")
			}
			m.Fly, m.Figure = true, engine.FigureFollower
			if w == "large@fly" {
				m.Figure = engine.FigureLarge
			}
			// large fly, fly large
			if len(rest) > 0 && strings.EqualFold(rest[len(rest)-1], "large") {
				m.Figure, rest = engine.FigureLarge, rest[:len(rest)-1]
			} else if i+1 < len(args) && strings.EqualFold(args[i+1], "large") {
				m.Figure = engine.FigureLarge
				i++
			}
		default:
			rest = append(rest, args[i])
		}
	}
	return rest, nil
}

// setGold reads the cell of the second gold ingot.
func setGold(m *engine.Move, cell string) error {
	if m.Gold {
		return errors.New("one gold ingot is placed by hand; the other goes on the tile itself")
	}
	c, err := engine.ParseCell(cell)
	if err != nil {
		return fmt.Errorf("gold takes the cell of a tile next to the one placed: %w", err)
	}
	m.Gold, m.GoldCell = true, c
	return nil
}

// completeGold checks the gold of move m, whose placement is known: a tile
// with a gold mine needs the second ingot, which goes on the only tile
// next to it when there is one; a tile without takes none.
func (s *session) completeGold(m *engine.Move) error {
	cells := s.state.GoldCells(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
	switch {
	case len(cells) == 0 && m.Gold:
		if !hasGold(s.state) {
			return fmt.Errorf("gold ingots come with %s, which this game does not play", engine.ExpansionGoldMines.Title())
		}
		return fmt.Errorf("tile %s has no gold mine, so it takes no gold ingot", s.tileName(m.Tile))
	case len(cells) == 0 || m.Gold:
		return nil
	case len(cells) == 1:
		m.Gold, m.GoldCell = true, cells[0]
		return nil
	}
	return fmt.Errorf("tile %s has a gold mine: one ingot goes on it, and the second on a tile next to it; add gold %s", s.tileName(m.Tile), turnview.JoinOr(cellWords(cells)))
}

// cellWords writes cells as x,y.
func cellWords(cells []engine.Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = c.String()
	}
	return out
}

// checkFlight checks the figure onto the flying machine of move m (its
// placement and gold known) before the die is rolled.
func (s *session) checkFlight(m engine.Move) error {
	if !hasFlying(s.state) {
		return fmt.Errorf("flying machines come with %s, which this game does not play", engine.ExpansionFlyingMachines.Title())
	}
	m.Roll, m.Land = int8(s.state.DieRoll()), engine.Target{}
	if ls := s.state.Landings(m); len(ls) > 0 {
		m.Land = ls[0]
	}
	return s.state.Check(s.withFerry(m))
}

// listMinis lists, for spots, what the mini expansions allow with the
// placement of move m: the figure onto the flying machine, with the tiles
// the die may send it to, and the tiles that may take the second gold
// ingot.
func (s *session) listMinis(m engine.Move) {
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	if cells := s.state.GoldCells(p); len(cells) > 0 {
		fmt.Fprintf(s.out, "  the second gold ingot (add to place): gold %s\n", turnview.JoinOr(cellWords(cells)))
	}
	fl := s.state.Flyers()
	if len(fl) == 0 {
		return
	}
	words := []string{"fly"}
	if slices.Contains(fl, engine.FigureLarge) {
		if len(fl) == 1 {
			words = []string{"large fly"}
		} else {
			words = append(words, "large fly")
		}
	}
	h := s.state.TileSet().Tile(m.Tile).Flight.Rotate(m.Rotation)
	var to []string
	for n := 1; n <= 3; n++ {
		c, _ := s.state.FlightCell(m.Tile, m.Cell, m.Rotation, n)
		fm := m
		fm.Fly, fm.Roll, fm.Figure = true, int8(n), fl[0]
		what := "no tile"
		if _, ok := s.state.TileAt(c); ok {
			what = "nowhere to land"
			if ls := s.state.Landings(fm); len(ls) > 0 {
				what = turnview.Plural(len(ls), "spot")
			}
		}
		to = append(to, fmt.Sprintf("%d: %s, %s", n, c, what))
	}
	fmt.Fprintf(s.out, "  instead, onto the flying machine (add %s to place): it flies %s as many tiles as the die shows (%s)\n",
		turnview.JoinOr(words), turnview.HeadingWords[h], strings.Join(to, "; "))
}

// pendingFlight is a flight whose die is rolled, waiting for its player to
// choose where the figure lands (the land command).
type pendingFlight struct {
	move  engine.Move
	lands []engine.Target
	moves int // the moves of the game when the die was rolled
}

// flight returns the flight waiting for its landing, nil for none.
func (s *session) flight() *pendingFlight {
	if s.pendingFlight == nil || s.pendingFlight.moves != len(s.state.Moves()) || s.state.Ended() {
		s.pendingFlight = nil
	}
	return s.pendingFlight
}

// fly rolls the die for move m, a figure onto the flying machine: with no
// place to land or a single one the move is played at once; with several
// the landings are listed and the land command chooses.
func (s *session) fly(m engine.Move) error {
	m.Roll = int8(s.state.DieRoll())
	lands := s.state.Landings(m)
	if len(lands) == 1 {
		m.Land = lands[0]
	}
	if len(lands) < 2 {
		return s.playPlace(m)
	}
	s.pendingFlight = &pendingFlight{move: m, lands: lands, moves: len(s.state.Moves())}
	cur := s.state.Players()[s.state.Current()]
	c, _ := s.state.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll))
	fmt.Fprintf(s.out, "%s puts %s on the flying machine of %s at %s: the die shows %d, to %s. Where does it land? land N:\n", cur, "the "+turnview.FlyerWord(m.Figure), s.tileName(m.Tile), m.Cell, m.Roll, c)
	for i, l := range lands {
		fmt.Fprintf(s.out, "  %d  %s at %s\n", i+1, s.landingName(l), l.Cell)
	}
	return nil
}

// landingName names the feature a flying figure may land on, as the
// Follower… menu names a spot (turnview.SpotName): "knight – city
// (north)".
func (s *session) landingName(t engine.Target) string {
	if _, ok := s.state.TileAt(t.Cell); !ok {
		return "nothing"
	}
	return turnview.SpotName(engine.FigureFollower, turnview.FeatureKind(s.state, t), turnview.FeatureName(s.state, t))
}

// landCommand plays `land N` (a number of the list fly gave) or `land
// x,y:PORT`: where the flying figure lands.
func (s *session) landCommand(args []string) error {
	pf := s.flight()
	if pf == nil {
		fmt.Fprintln(s.out, "No figure is flying: put one onto a flying machine with place N [ROTATION] fly.")
		return nil
	}
	if len(args) != 1 {
		fmt.Fprintf(s.out, "Land where? write land N, N from 1 to %d.\n", len(pf.lands))
		return nil
	}
	i := -1
	if n, err := strconv.Atoi(args[0]); err == nil {
		if n < 1 || n > len(pf.lands) {
			fmt.Fprintf(s.out, "There is no landing %d: they are numbered 1 to %d.\n", n, len(pf.lands))
			return nil
		}
		i = n - 1
	} else {
		cell, port, ok := strings.Cut(args[0], ":")
		c, err := engine.ParseCell(cell)
		p, pok := engine.ParsePort(strings.ToUpper(port))
		if !ok || err != nil || !pok {
			fmt.Fprintf(s.out, "%q is neither a landing's number nor x,y:PORT.\n", args[0])
			return nil
		}
		m := pf.move
		m.Land = engine.Target{Cell: c, Port: p}
		if err := s.state.Check(m); err != nil {
			fmt.Fprintln(s.out, sentence(err.Error()))
			return nil
		}
		pf.move.Land = m.Land
	}
	if i >= 0 {
		pf.move.Land = pf.lands[i]
	}
	m := pf.move
	s.pendingFlight = nil
	return s.playPlace(m)
}

// goldScoreWords returns what score says of player p's gold: " · 3 gold
// ingots", nothing without The Gold Mines.
func (s *session) goldScoreWords(p int) string {
	if !hasGold(s.state) {
		return ""
	}
	return " · " + turnview.Plural(s.state.Gold(p), "gold ingot")
}
