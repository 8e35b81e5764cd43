package terminal

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds Mage & Witch and The Crop Circles in the terminal game
// (001_…, the mini expansions): the words of place that put the mage or
// the witch on a road or city (mage x,y SPOT, witch@x,y:PORT, mage off);
// after a crop circle tile, its player's choice (crop add, crop remove)
// and each player's answer in turn (crop N from the list, crop pass, or
// crop x,y SPOT), the computers answering theirs; and what spots, score
// and the summaries say of them.

// hasMagic reports whether game g plays Mage & Witch.
func hasMagic(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionMageAndWitch)
}

// hasCrop reports whether game g plays The Crop Circles.
func hasCrop(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionCropCircles)
}

// magicWords takes the words of Mage & Witch out of place's arguments:
// mage x,y SPOT or witch x,y SPOT (SPOT a port, like N), mage@x,y:PORT,
// witch@x,y:PORT, mage off, witch@off. It sets them in m and returns the
// other words.
func magicWords(args []string, m *engine.Move) ([]string, error) {
	var rest []string
	for i := 0; i < len(args); i++ {
		w := strings.ToLower(args[i])
		name, where, at := strings.Cut(w, "@")
		f, ok := engine.ParseMagicFigure(name)
		if !ok {
			rest = append(rest, args[i])
			continue
		}
		if m.Magic != engine.MagicNone {
			return nil, errors.New("one of the mage and the witch moves in a turn, not both")
		}
		if !at {
			// mage x,y SPOT, mage off
			switch {
			case i+1 < len(args) && strings.EqualFold(args[i+1], "off"):
				where, i = "off", i+1
			case i+2 < len(args):
				where, i = args[i+1]+":"+args[i+2], i+2
			default:
				return nil, fmt.Errorf("the %s goes where? write %s x,y SPOT (see spots), or %s off", f, f, f)
			}
		}
		m.Magic = f
		if where == "off" {
			continue
		}
		cell, port, ok := strings.Cut(where, ":")
		c, err := engine.ParseCell(cell)
		if err != nil || !ok {
			return nil, fmt.Errorf("write %s x,y SPOT or %s@x,y:PORT, like %s 0,-1 N", f, f, f)
		}
		p, ok := engine.ParsePort(strings.ToUpper(port))
		if !ok {
			return nil, fmt.Errorf("%q names no spot of a tile: give the port of the road or city (like N or E; see spots)", port)
		}
		m.MagicAt = engine.Target{Cell: c, Port: p}
	}
	return rest, nil
}

// completeMagic checks the mage or witch of move m, whose placement is
// known: when the placement asks the step and m says nothing, its only
// answer is taken, or the player is told to choose; a given one must be
// legal.
func (s *session) completeMagic(m *engine.Move) error {
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	if !hasMagic(s.state) {
		if m.Magic != engine.MagicNone {
			return fmt.Errorf("the mage and the witch come with %s, which this game does not play", engine.ExpansionMageAndWitch.Title())
		}
		return nil
	}
	if !s.state.MagicNeeded(p) {
		if m.Magic != engine.MagicNone {
			return fmt.Errorf("tile %s shows no magic symbol and joins no roads or cities of the mage and the witch: neither moves", s.tileName(m.Tile))
		}
		return nil
	}
	as := s.magicAnswers(p)
	if m.Magic == engine.MagicNone {
		if len(as) == 1 {
			m.Magic, m.MagicAt = as[0].Magic, as[0].Target
			return nil
		}
		why := "tile " + s.tileName(m.Tile) + " shows the magic symbol"
		if s.state.TileSet().Tile(m.Tile).Markers&engine.Magic == 0 {
			why = "this placement joins the roads or cities of the mage and the witch"
		}
		return fmt.Errorf("%s: place or move the mage or the witch onto an incomplete road or city; add mage x,y SPOT or witch x,y SPOT (spots lists them)", why)
	}
	for _, a := range as {
		if a.Magic == m.Magic && a.Target == m.MagicAt {
			return nil
		}
	}
	mm := *m
	if err := s.state.Check(mm); err != nil && errors.Is(err, engine.ErrMagic) {
		return err
	}
	return fmt.Errorf("the %s cannot go there: choose one of the spots listed by spots", m.Magic)
}

// magicAnswers returns the answers of the magic step for placement p of
// the drawn tile: the mage's spots, the witch's, or the figures taken off
// when neither can go anywhere.
func (s *session) magicAnswers(p engine.Placement) []engine.Answer {
	var out []engine.Answer
	for f := engine.MagicMage; f <= engine.MagicWitch; f++ {
		for _, t := range s.state.MagicSpots(p, f) {
			out = append(out, engine.Answer{Step: engine.StepMagic, Magic: f, Target: t})
		}
	}
	if len(out) > 0 {
		return out
	}
	for f := engine.MagicMage; f <= engine.MagicWitch; f++ {
		if _, on := s.state.MagicAt(f); on {
			out = append(out, engine.Answer{Step: engine.StepMagic, Magic: f})
		}
	}
	return out
}

// featureWords names the road or city at t, read with the tile of the
// turn under way as it lies (turnview.FeatureName), and the port the
// commands take: "road (west) at 1,0 (W)".
func (s *session) featureWords(t engine.Target) string {
	board := s.state
	if _, ok := board.TileAt(t.Cell); !ok && s.dragon != nil && s.dragon.act != nil {
		if pv := s.dragon.act.Preview(); pv != nil {
			board = pv
		}
	}
	return fmt.Sprintf("%s at %s (%s)", turnview.FeatureName(board, t), t.Cell, t.Port)
}

// listMagic lists, for spots, where the mage and the witch may go with
// placement m of the drawn tile.
func (s *session) listMagic(m engine.Move) {
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	if !hasMagic(s.state) || !s.state.MagicNeeded(p) {
		return
	}
	const most = 12
	var words []string
	for _, a := range s.magicAnswers(p) {
		if len(words) == most {
			words = append(words, "…")
			break
		}
		if a.Target == (engine.Target{}) {
			words = append(words, a.Magic.String()+" off")
			continue
		}
		words = append(words, fmt.Sprintf("%s %s %s", a.Magic, a.Target.Cell, a.Target.Port))
	}
	fmt.Fprintf(s.out, "  the mage or the witch must be placed or moved first (add to place; any road or city not completed, never both on one): %s\n", strings.Join(words, ", "))
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
			out = append(out, fmt.Sprintf("the %s on the %s", f, s.featureWords(t)))
		} else {
			out = append(out, fmt.Sprintf("the %s off the board", f))
		}
	}
	return strings.Join(out, ", ")
}

// needsCrop reports whether move m, checked, still waits for the crop
// circle's choice and answers.
func (s *session) needsCrop(m engine.Move) bool {
	return hasCrop(s.state) && !m.Discard && !m.Aside && m.Crop == engine.CropNone && s.state.TileSet().CropKind(m.Tile) != engine.NoFeature
}

// cropping reports whether a crop circle waits for its answers.
func (s *session) cropping() bool {
	if s.dragon == nil {
		return false
	}
	st := s.dragon.act.Pending().Step
	return st == engine.StepCrop || st == engine.StepCropPick
}

// showCrop says who answers the crop circle and how, once per answer.
func (s *session) showCrop() {
	d := s.dragon
	n := d.m.CropPicks.Len()
	if d.m.Crop != engine.CropNone {
		n++
	}
	if d.shown == n {
		return
	}
	d.shown = n
	dec := d.act.Pending()
	who := s.state.Players()[dec.Player]
	role := s.state.TileSet().CropKind(d.m.Tile).Role()
	if dec.Step == engine.StepCrop {
		fmt.Fprintf(s.out, "The crop circle concerns the %ss. %s chooses: crop add (each player may add a %s next to one of theirs) or crop remove (each player returns a %s).\n", role, who, role, role)
		return
	}
	var ways []string
	for i, o := range turnview.Options(d.act, s.names()) {
		ways = append(ways, fmt.Sprintf("%d %s", i+1, o.Label))
	}
	fmt.Fprintf(s.out, "Crop circle (%s): %s answers with crop N: %s\n", d.m.Crop, who, strings.Join(ways, "; "))
}

// cropCommand plays `crop add|remove` (the choice of the crop circle's
// player) or `crop N|pass|x,y SPOT [large]` (a player's answer).
func (s *session) cropCommand(args []string) error {
	if !s.cropping() {
		fmt.Fprintln(s.out, "No crop circle waits for an answer: they come after a tile with a crop circle.")
		return nil
	}
	d := s.dragon
	dec := d.act.Pending()
	if len(args) == 0 {
		d.shown = -1
		s.showCrop()
		return nil
	}
	w := strings.ToLower(args[0])
	var a engine.Answer
	if dec.Step == engine.StepCrop {
		c, ok := engine.ParseCropChoice(w)
		if !ok || len(args) != 1 {
			fmt.Fprintln(s.out, "Write crop add or crop remove.")
			return nil
		}
		a = engine.Answer{Step: engine.StepCrop, Crop: c}
	} else {
		opts := turnview.Options(d.act, s.names())
		switch n, err := strconv.Atoi(w); {
		case err == nil:
			if n < 1 || n > len(opts) || len(args) != 1 {
				fmt.Fprintf(s.out, "There is no answer %d: they are numbered 1 to %d.\n", n, len(opts))
				return nil
			}
			a = opts[n-1].Answer
		case w == "pass" || w == "none" || w == "-":
			a = engine.Answer{Step: engine.StepCropPick}
		default:
			if len(args) < 2 {
				fmt.Fprintln(s.out, "Write crop N from the list, crop pass, or crop x,y SPOT [large].")
				return nil
			}
			c, err := engine.ParseCell(args[0])
			p, ok := engine.ParsePort(strings.ToUpper(args[1]))
			if err != nil || !ok {
				fmt.Fprintln(s.out, "Write crop N from the list, crop pass, or crop x,y SPOT [large].")
				return nil
			}
			a = engine.Answer{Step: engine.StepCropPick, Target: engine.Target{Cell: c, Port: p}, Return: d.m.Crop == engine.CropRemove}
			if len(args) > 2 && strings.EqualFold(args[2], "large") {
				a.Figure = engine.FigureLarge
			}
		}
	}
	return s.cropAnswer(a)
}

// cropAnswer gives answer a to the crop circle; once every player has
// answered, the move is stored and its summary said.
func (s *session) cropAnswer(a engine.Answer) error {
	d := s.dragon
	said := turnview.StepWords(d.act, a, s.names())
	done, err := d.act.Act(a)
	if err != nil {
		fmt.Fprintln(s.out, sentence(err.Error()))
		return nil
	}
	if a.Step == engine.StepCrop {
		d.m.Crop = a.Crop
	} else {
		d.m.CropPicks = d.m.CropPicks.Add(engine.CropPick{Figure: a.Figure, Return: a.Return, Target: a.Target})
	}
	fmt.Fprintln(s.out, said)
	if !done {
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

// computerCropStep lets the computer whose crop circle answer it is choose
// it.
func (s *session) computerCropStep() error {
	d := s.dragon
	p := d.act.Pending().Player
	cfg := ai.Config{Level: s.levels[p], Playouts: s.playouts}
	seed := uint64(s.game.ID)*0x9e3779b97f4a7c15 ^ uint64(len(s.state.Moves())) ^ uint64(d.m.CropPicks.Len()+1)<<48
	as, err := cfg.Turn(d.act, seed)
	if err != nil || len(as) == 0 || as[0].Step != d.act.Pending().Step {
		return fmt.Errorf("the computer %s could not answer the crop circle: %v", s.state.Players()[p], err)
	}
	return s.cropAnswer(as[0])
}
