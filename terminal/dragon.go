package terminal

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds The Princess & the Dragon in the terminal game (004_…,
// "The Princess & the Dragon"): the words of place that use the magic
// portal (portal x,y SPOT), the princess (princess x,y SPOT) or the fairy
// (fairy x,y); the dragon's steps after a dragon tile, each decided by the
// next player in turn order with `dragon N|E|S|W` (or `dragon x,y`), the
// computers deciding theirs; and what spots and the summaries say of them:
// where the dragon went and what it ate.

// hasDragon reports whether game g plays The Princess & the Dragon.
func hasDragon(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionPrincessAndDragon)
}

// dragonTurn is a turn whose dragon is on its way: the tile is placed on
// act (a copy of the game answered step by step with engine.Game.Act) and
// each player in turn chooses a step; the move is stored whole once the
// dragon stops.
type dragonTurn struct {
	act   *engine.Game
	m     engine.Move // the move so far, the dragon's steps included
	mover int
	start *engine.Game // the game when it began, to narrate the move from
	moves int          // the moves stored when it began
	shown int          // the steps when the dragon's way was last shown, -1 for none
}

// pdWords splits the words of The Princess & the Dragon off the end of
// place's arguments: portal x,y SPOT [large] (or follower@x,y:PORT,
// large@x,y:PORT), princess x,y SPOT (or princess@x,y:PORT), fairy x,y
// (or fairy@x,y). It sets them in m and returns the arguments before them;
// found is false when there are none.
func pdWords(args []string, m *engine.Move) (rest []string, found bool, err error) {
	start := slices.IndexFunc(args, func(w string) bool {
		lw := strings.ToLower(w)
		if lw == "portal" || lw == "princess" || lw == "fairy" || strings.HasPrefix(lw, "princess@") || strings.HasPrefix(lw, "fairy@") {
			return true
		}
		name, where, ok := strings.Cut(lw, "@")
		return ok && (name == "follower" || name == "large") && strings.Contains(where, ",") && !strings.HasSuffix(where, ":tower")
	})
	if start < 0 {
		return args, false, nil
	}
	words := args[start:]
	first := strings.ToLower(words[0])
	target := func(cell, spot string) (engine.Target, error) {
		c, err := engine.ParseCell(cell)
		if err != nil {
			return engine.Target{}, err
		}
		p, ok := engine.ParsePort(strings.ToUpper(spot))
		if !ok {
			return engine.Target{}, fmt.Errorf("%q names no spot of a tile: give the port of the feature (NNW, N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW or C; see spots)", spot)
		}
		return engine.Target{Cell: c, Port: p}, nil
	}
	switch {
	case first == "portal" || first == "princess":
		if len(words) < 3 {
			return args, true, fmt.Errorf("%s takes a tile and a spot: %s x,y SPOT (see spots)", first, first)
		}
		t, err := target(words[1], words[2])
		if err != nil {
			return args, true, err
		}
		words = words[3:]
		if first == "princess" {
			m.Princess = t
			break
		}
		m.Portal, m.PortalCell, m.Follower, m.Figure = true, t.Cell, t.Port, engine.FigureFollower
		if len(words) > 0 && strings.EqualFold(words[0], "large") {
			m.Figure, words = engine.FigureLarge, words[1:]
		}
	case first == "fairy":
		if len(words) < 2 {
			return args, true, errors.New("the fairy goes to which tile? write fairy x,y (see spots)")
		}
		c, err := engine.ParseCell(words[1])
		if err != nil {
			return args, true, err
		}
		m.Fairy, m.FairyCell, words = true, c, words[2:]
		if len(words) > 0 {
			// fairy x,y PORT: by one of several followers on the tile.
			if p, ok := engine.ParsePort(strings.ToUpper(words[0])); ok && p != engine.NoPort {
				m.FairyPort, words = p, words[1:]
			}
		}
	case strings.HasPrefix(first, "fairy@"):
		cell, port, named := strings.Cut(first[len("fairy@"):], ":")
		c, err := engine.ParseCell(cell)
		if err != nil {
			return args, true, err
		}
		m.Fairy, m.FairyCell, words = true, c, words[1:]
		if named {
			p, ok := engine.ParsePort(strings.ToUpper(port))
			if !ok || p == engine.NoPort {
				return args, true, fmt.Errorf("write fairy@x,y:PORT, like fairy@0,-1:N, not %q", first)
			}
			m.FairyPort = p
		}
	default: // princess@x,y:PORT, follower@x,y:PORT, large@x,y:PORT
		name, where, _ := strings.Cut(first, "@")
		cell, spot, ok := strings.Cut(where, ":")
		if !ok {
			return args, true, fmt.Errorf("write %s@x,y:PORT, like %s@0,-1:N", name, name)
		}
		t, err := target(cell, spot)
		if err != nil {
			return args, true, err
		}
		words = words[1:]
		switch name {
		case "princess":
			m.Princess = t
		case "large":
			m.Portal, m.PortalCell, m.Follower, m.Figure = true, t.Cell, t.Port, engine.FigureLarge
		default:
			m.Portal, m.PortalCell, m.Follower, m.Figure = true, t.Cell, t.Port, engine.FigureFollower
		}
	}
	if len(words) > 0 {
		return args, true, fmt.Errorf("too many words after %s: nothing follows it", first)
	}
	return args[:start], true, nil
}

// check checks move m as Apply will, but for the dragon's steps, which
// the players choose after the move is said (dragon N|E|S|W).
func (s *session) check(m engine.Move) error {
	err := s.state.Check(s.withFerry(m))
	if errors.Is(err, engine.ErrDragon) && m.Dragon.Len() == 0 && len(s.state.DragonSteps(m)) > 0 {
		return nil
	}
	// Mage & Witch and The Crop Circles: place completes the mage or
	// witch, the crop circle's answers come after the move is said.
	if errors.Is(err, engine.ErrMagic) && m.Magic == engine.MagicNone || errors.Is(err, engine.ErrCrop) && m.Crop == engine.CropNone {
		return nil
	}
	return err
}

// needsDragon reports whether move m, checked, still waits for the
// dragon's steps.
func (s *session) needsDragon(m engine.Move) bool {
	return hasDragon(s.state) && m.Dragon.Len() == 0 && len(s.state.DragonSteps(m)) > 0
}

// actMove answers the steps of move m on g through Act, in order, up to
// the first step of the dragon beyond m's path; it reports whether the
// turn is over.
func actMove(g *engine.Game, m engine.Move) (bool, error) {
	steps, ferries, picks := 0, 0, 0
	for {
		var a engine.Answer
		switch d := g.Pending(); d.Step {
		case engine.StepTile:
			a = engine.Answer{Step: engine.StepTile, Discard: m.Discard, Aside: m.Aside, Cell: m.Cell, Rotation: m.Rotation, Ransomed: m.Ransomed, Ransom: m.Ransom}
		case engine.StepFigure:
			a = engine.Answer{Step: engine.StepFigure}
			switch {
			case m.Tower != engine.TowerNone:
				a.Tower, a.Cell, a.Figure = m.Tower, m.TowerCell, m.Figure
			case m.Princess != (engine.Target{}):
				a.Princess, a.Target = true, m.Princess
			case m.Fairy:
				a.Fairy, a.Cell, a.Port = true, m.FairyCell, m.FairyPort
			case m.Follower != engine.NoPort:
				a.Port, a.Figure = m.Follower, m.Figure
				if m.Portal {
					a.Portal, a.Cell = true, m.PortalCell
				}
			}
		case engine.StepCapture:
			a = engine.Answer{Step: engine.StepCapture, Target: m.Capture}
		case engine.StepGold:
			a = engine.Answer{Step: engine.StepGold, Cell: m.GoldCell}
		case engine.StepRoll:
			a = engine.Answer{Step: engine.StepRoll, Roll: int(m.Roll)}
		case engine.StepLand:
			a = engine.Answer{Step: engine.StepLand, Target: m.Land}
		case engine.StepFerry:
			a = engine.Answer{Step: engine.StepFerry, Link: m.Ferry}
		case engine.StepFerryMove:
			a = engine.Answer{Step: engine.StepFerryMove}
			if ferries < m.FerryMoves.Len() {
				fm := m.FerryMoves.At(ferries)
				a.Cell, a.Link = fm.Cell, fm.Link
				ferries++
			}
		case engine.StepDragon:
			if steps >= m.Dragon.Len() {
				return false, nil
			}
			a = engine.Answer{Step: engine.StepDragon, Cell: m.Dragon.At(steps)}
			steps++
		case engine.StepEscape:
			a = engine.Answer{Step: engine.StepEscape, Target: m.Escape}
		case engine.StepMagic:
			a = engine.Answer{Step: engine.StepMagic, Magic: m.Magic, Target: m.MagicAt}
		case engine.StepCrop:
			if m.Crop == engine.CropNone {
				return false, nil
			}
			a = engine.Answer{Step: engine.StepCrop, Crop: m.Crop}
		case engine.StepCropPick:
			if picks >= m.CropPicks.Len() {
				return false, nil
			}
			p := m.CropPicks.At(picks)
			a = engine.Answer{Step: engine.StepCropPick, Figure: p.Figure, Return: p.Return, Target: p.Target}
			picks++
		default:
			return true, nil
		}
		done, err := g.Act(a)
		if err != nil || done {
			return done, err
		}
	}
}

// beginSteps starts the steps of move m of player mover that other
// players answer (the dragon's way, a crop circle's answers): its tile,
// figure and the rest are said, the move is stored once all have answered.
func (s *session) beginSteps(m engine.Move, mover int) error {
	act := s.state.Clone()
	if _, err := actMove(act, m); err != nil {
		return err
	}
	s.dragon = &dragonTurn{act: act, m: m, mover: mover, start: s.state.Clone(), moves: len(s.state.Moves()), shown: -1}
	return nil
}

// dragonAt returns where the dragon stands during the dragon's way.
func (s *session) dragonAt() engine.Cell {
	if n := s.dragon.m.Dragon.Len(); n > 0 {
		return s.dragon.m.Dragon.At(n - 1)
	}
	c, _ := s.state.Dragon()
	return c
}

// dragonDecider returns who chooses the dragon's next step.
func (s *session) dragonDecider() int { return s.dragon.act.Pending().Player }

// showDragon says where the dragon stands and who moves it where, once per
// step.
func (s *session) showDragon() {
	d := s.dragon
	n := d.m.Dragon.Len()
	if d.shown == n {
		return
	}
	d.shown = n
	at := s.dragonAt()
	var ways []string
	for _, a := range d.act.Answers() {
		ways = append(ways, fmt.Sprintf("%s (%s)", turnview.Heading(at, a.Cell), a.Cell))
	}
	who := s.state.Players()[s.dragonDecider()]
	fmt.Fprintf(s.out, "The dragon is on %s (step %d of at most %d). %s moves it: dragon %s\n", at, n+1, engine.MaxDragonSteps, who, turnview.JoinOr(ways))
}

// dragonCommand plays `dragon N|E|S|W` or `dragon x,y`: one step of the
// dragon, chosen by the player whose step it is.
func (s *session) dragonCommand(args []string) error {
	if s.dragon == nil {
		fmt.Fprintln(s.out, "The dragon is not on its way: it moves after a dragon tile, each player in turn choosing a step.")
		return nil
	}
	if len(args) != 1 {
		fmt.Fprintln(s.out, "Write dragon N, E, S or W (or dragon x,y), the tile the dragon enters next.")
		return nil
	}
	at := s.dragonAt()
	var c engine.Cell
	switch strings.ToUpper(args[0]) {
	case "N", "NORTH", "UP":
		c = engine.Cell{X: at.X, Y: at.Y - 1}
	case "E", "EAST", "RIGHT":
		c = engine.Cell{X: at.X + 1, Y: at.Y}
	case "S", "SOUTH", "DOWN":
		c = engine.Cell{X: at.X, Y: at.Y + 1}
	case "W", "WEST", "LEFT":
		c = engine.Cell{X: at.X - 1, Y: at.Y}
	default:
		var err error
		if c, err = engine.ParseCell(args[0]); err != nil {
			fmt.Fprintf(s.out, "%q is no direction (N, E, S, W) nor a cell x,y.\n", args[0])
			return nil
		}
	}
	return s.dragonStep(c)
}

// dragonStep moves the dragon onto c, when the rules allow it; once it
// stops, the move is stored and its summary said.
func (s *session) dragonStep(c engine.Cell) error {
	d := s.dragon
	a := engine.Answer{Step: engine.StepDragon, Cell: c}
	said := turnview.StepWords(d.act, a, s.names())
	if _, err := d.act.Act(a); err != nil {
		fmt.Fprintln(s.out, sentence(err.Error()))
		return nil
	}
	d.m.Dragon = d.m.Dragon.Add(c)
	fmt.Fprintln(s.out, said)
	if d.act.Pending().Step == engine.StepDragon {
		return nil
	}
	s.dragon = nil
	ok, err := s.play(d.m)
	if err != nil || !ok {
		return err
	}
	s.narrate(d.start, d.m)
	return nil
}

// computerDragonStep lets the computer whose step of the dragon it is
// choose it.
func (s *session) computerDragonStep() error {
	if s.cropping() {
		return s.computerCropStep()
	}
	d := s.dragon
	p := s.dragonDecider()
	cfg := ai.Config{Level: s.levels[p], Playouts: s.playouts}
	seed := uint64(s.game.ID)*0x9e3779b97f4a7c15 ^ uint64(len(s.state.Moves())) ^ uint64(d.m.Dragon.Len()+1)<<56
	as, err := cfg.Turn(d.act, seed)
	if err != nil || len(as) == 0 || as[0].Step != engine.StepDragon {
		return fmt.Errorf("the computer %s could not choose the dragon's step: %v", s.state.Players()[p], err)
	}
	return s.dragonStep(as[0].Cell)
}

// dragonToPlay reports whether a computer chooses the dragon's next step.
func (s *session) dragonToPlay() bool {
	p := s.dragonDecider()
	return p < len(s.levels) && s.levels[p] != ai.NoLevel
}

// listPD lists, for spots, what The Princess & the Dragon allows with
// placement m of the drawn tile: the knights the princess may send home,
// the tiles the fairy may go to, the portal's spots.
func (s *session) listPD(m engine.Move) {
	if !hasDragon(s.state) || m.Follower != engine.NoPort {
		return
	}
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	tile := s.state.TileSet().Tile(m.Tile)
	if tile.Markers&engine.Volcano != 0 {
		fmt.Fprintln(s.out, "  a volcano: the dragon flies there, and nothing is deployed this turn")
		return
	}
	if ks := s.state.Princesses(p); len(ks) > 0 {
		words := make([]string, len(ks))
		for i, k := range ks {
			words[i] = "princess " + k.Cell.String() + " " + k.Port.String() + " (" + s.figureOn(k) + ")"
		}
		must := ""
		if s.state.Options().Princess == engine.PrincessMust {
			must = ", the only choice (princess=must)"
		}
		fmt.Fprintf(s.out, "  instead, the princess sends a knight of her city home%s: %s\n", must, turnview.JoinOr(words))
	}
	if cs := s.state.FairySpots(); len(cs) > 0 {
		words := make([]string, len(cs))
		for i, c := range cs {
			words[i] = "fairy " + c.Cell.String()
			if c.Port != engine.NoPort {
				// One of several followers of theirs on that tile.
				words[i] += " " + c.Port.String() + " (" + s.figureOn(c) + ")"
			}
		}
		fmt.Fprintf(s.out, "  or the fairy, next to one of your followers: %s\n", turnview.JoinOr(words))
	}
	if sps := s.state.PortalSpots(p); len(sps) > 0 {
		const most = 12
		words := make([]string, 0, most)
		for i, sp := range sps {
			if i == most {
				words = append(words, fmt.Sprintf("%d more", len(sps)-most))
				break
			}
			words = append(words, "portal "+sp.Cell.String()+" "+sp.Port.String())
		}
		fmt.Fprintf(s.out, "  or, through the magic portal, a follower on another tile (add large for the large follower): %s\n", strings.Join(words, ", "))
	}
	if tile.Markers&engine.Dragon != 0 {
		if _, on := s.state.Dragon(); on {
			fmt.Fprintf(s.out, "  then the dragon moves up to %d tiles, each player in turn choosing a step (dragon N|E|S|W)\n", engine.MaxDragonSteps)
		}
	}
}

// fairyScoreWords returns what score says of the fairy: " · the fairy" for
// its owner.
func (s *session) fairyScoreWords(p int) string {
	if c, owner, ok := s.state.Fairy(); ok && owner == p {
		return " · the fairy on " + c.String()
	}
	return ""
}
