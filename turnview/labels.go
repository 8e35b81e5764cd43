package turnview

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/engine"
)

// view is what the labels of one step are read from.
type view struct {
	g     *engine.Game
	names Names
	// board is the game with the answers given so far played
	// (engine.Game.Preview): the tile just placed lies on it as it will.
	// It is g itself at the tile step.
	board *engine.Game
	// part is the move of the answers so far; placed tells it holds the
	// tile's cell and rotation.
	part   engine.Move
	placed bool
	// spots are the follower spots of the placement, numbered as the
	// previews draw them.
	spots []engine.Spot
}

func newView(g *engine.Game, names Names) *view {
	v := &view{g: g, names: names, board: g}
	if pv := g.Preview(); pv != nil {
		v.board = pv
		if ms := pv.Moves(); len(ms) > 0 {
			v.part, v.placed = ms[len(ms)-1], true
		}
	}
	if v.placed && g.Pending().Step == engine.StepFigure {
		v.spots = Spots(g, v.part)
	}
	return v
}

// Spots returns the follower spots of the tile of move m (its tile step
// answered) on g at the start of its turn, numbered as the previews draw
// them (engine.SpotLabel): after m's ransom, the figure it frees counts
// as in the supply (engine.Game.AfterRansom).
func Spots(g *engine.Game, m engine.Move) []engine.Spot {
	if m.Ransomed {
		after, err := g.AfterRansom(m.Ransom)
		if err != nil {
			return nil
		}
		g = after
	}
	return g.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
}

// option describes answer a.
func (v *view) option(a engine.Answer) Option {
	o := Option{Answer: a, Player: v.g.Pending().Player, Value: a.String(), Spot: -1}
	switch a.Step {
	case engine.StepTile:
		v.tileOption(&o)
	case engine.StepFigure:
		v.figureOption(&o)
	case engine.StepGold:
		o.Kind, o.Figure = KindTile, "gold ingot"
		o.cell(a.Cell)
		o.Label = fmt.Sprintf("Second ingot on the tile at (%s)", a.Cell)
	case engine.StepMagic:
		o.Kind, o.Figure = KindFeature, a.Magic.String()
		if a.Target == (engine.Target{}) {
			o.Kind, o.Label = KindChoice, fmt.Sprintf("The %s off the board", a.Magic)
			break
		}
		o.cell(a.Target.Cell)
		o.Feature = FeatureName(v.board, a.Target)
		o.Label = fmt.Sprintf("The %s to the %s at (%s)", a.Magic, o.Feature, a.Target.Cell)
		if from, ok := v.g.MagicAt(a.Magic); ok {
			o.Label += fmt.Sprintf(" (from (%s))", from.Cell)
		}
	case engine.StepRoll:
		o.Kind, o.Label = KindRoll, fmt.Sprintf("Roll the die: %d", a.Roll)
	case engine.StepLand:
		if a.Target == (engine.Target{}) {
			o.Kind, o.Label = KindChoice, "Back to the supply"
			break
		}
		o.Kind, o.Figure = KindFeature, v.part.Figure.Title()
		o.cell(a.Target.Cell)
		o.Feature = FeatureName(v.board, a.Target)
		o.Label = Capitalize(fmt.Sprintf("%s at (%s)", o.Feature, a.Target.Cell))
	case engine.StepCapture:
		if a.Target == (engine.Target{}) {
			o.Kind, o.Label = KindPass, "No prisoner"
			break
		}
		o.Kind = KindFeature
		o.cell(a.Target.Cell)
		if !a.Target.Tower {
			o.Feature = FeatureName(v.board, a.Target)
		}
		o.Label = FigureAt(v.g, v.names, a.Target)
		o.Figure = figureWord(v.g, a.Target)
	case engine.StepEscape:
		if a.Target.Port == engine.NoPort {
			o.Kind, o.Label = KindPass, "No escape"
			break
		}
		o.Kind = KindFeature
		o.cell(a.Target.Cell)
		o.Feature = FeatureName(v.board, a.Target)
		o.Figure = v.escaper(a.Target)
		o.Label = fmt.Sprintf("Escape: %s at (%s)", o.Figure, a.Target.Cell)
	case engine.StepDragon:
		o.Kind, o.Figure = KindTile, "dragon"
		o.cell(a.Cell)
		o.Label = HeadingArrow(v.dragonAt(), a.Cell) + "(" + a.Cell.String() + ")"
	case engine.StepFerry:
		o.Kind, o.Figure, o.Label = KindLink, "ferry", "Join "+LinkWords(a.Link)
	case engine.StepFerryMove:
		if a.Link == 0 {
			o.Kind, o.Label = KindPass, "Move no (more) ferry"
			break
		}
		o.Kind, o.Figure = KindLink, "ferry"
		o.cell(a.Cell)
		o.Label = fmt.Sprintf("(%s): join %s", a.Cell, LinkWords(a.Link))
	case engine.StepCrop:
		o.Kind, o.Label = KindChoice, Capitalize(a.Crop.String())
	case engine.StepRobber, engine.StepRob, engine.StepPawn, engine.StepMessage:
		v.boardOption(&o)
	case engine.StepCropPick:
		if a.Target == (engine.Target{}) {
			o.Kind, o.Label = KindPass, "Pass"
			break
		}
		o.Kind, o.Figure = KindFeature, a.Figure.Title()
		o.cell(a.Target.Cell)
		o.Feature = FeatureName(v.board, a.Target)
		at := fmt.Sprintf("%s at (%s)", o.Feature, a.Target.Cell)
		switch {
		case a.Return:
			o.Label = "Return: " + at
		case a.Figure == engine.FigureLarge:
			o.Label = "Large follower: " + at
		default:
			o.Label = "Follower: " + at
		}
	}
	o.Label = truncate(o.Label, 100)
	return o
}

func (o *Option) cell(c engine.Cell) { o.Cell, o.HasCell = c, true }

// tileOption describes a tile step's answer.
func (v *view) tileOption(o *Option) {
	a := o.Answer
	t, _ := v.g.Drawn()
	name := v.g.TileSet().Name(t)
	o.Kind = KindPlacement
	switch {
	case a.Discard:
		o.Label = fmt.Sprintf("Discard tile %s (it fits nowhere)", name)
		return
	case a.Aside:
		o.Label = fmt.Sprintf("Set tile %s aside", name)
		return
	}
	o.cell(a.Cell)
	o.Label = fmt.Sprintf("(%s) turned %s°", a.Cell, a.Rotation)
	if a.Ransomed {
		o.Label += fmt.Sprintf(", after a ransom for your %s held by %s", a.Ransom.Figure.Title(), v.names.of(v.g, a.Ransom.Jailer))
	}
}

// figureOption describes a figure step's answer.
func (v *view) figureOption(o *Option) {
	a := o.Answer
	switch {
	case a.Fly:
		o.Kind, o.Figure = KindFigure, a.Figure.Title()
		t, _ := v.g.Drawn()
		o.Label = fmt.Sprintf("%s – onto the flying machine (%s)", a.Figure.Title(), FlightWords(v.g, t, engine.Placement{Cell: v.part.Cell, Rotation: v.part.Rotation}))
	case a.Tower == engine.TowerPiece:
		o.Kind, o.Figure = KindTile, "tower piece"
		o.cell(a.Cell)
		o.Label = fmt.Sprintf("tower piece at (%s)", a.Cell)
	case a.Tower == engine.TowerTop:
		o.Kind, o.Figure = KindTile, a.Figure.Title()
		o.cell(a.Cell)
		o.Label = fmt.Sprintf("%s on top of the tower at (%s)", a.Figure.Title(), a.Cell)
	case a.Princess:
		o.Kind, o.Figure = KindFeature, "princess"
		o.cell(a.Target.Cell)
		o.Feature = FeatureName(v.board, a.Target)
		o.Label = "Princess – send " + FigureAt(v.g, v.names, a.Target) + " home"
	case a.Fairy && a.Port != engine.NoPort:
		// One of several followers of the player on that tile
		// (engine.FairySpots): named by its feature too.
		o.Kind, o.Figure = KindTile, "fairy"
		o.cell(a.Cell)
		t := engine.Target{Cell: a.Cell, Port: a.Port}
		o.Feature = FeatureName(v.board, t)
		o.Label = fmt.Sprintf("Fairy – next to your %s – %s at (%s)", FeatureKind(v.board, t).Role(), o.Feature, a.Cell)
	case a.Fairy:
		o.Kind, o.Figure = KindTile, "fairy"
		o.cell(a.Cell)
		o.Label = fmt.Sprintf("Fairy – next to your %s at (%s)", v.ownRole(a.Cell), a.Cell)
	case a.Portal:
		o.Kind, o.Figure = KindFeature, a.Figure.Title()
		o.cell(a.Cell)
		t := engine.Target{Cell: a.Cell, Port: a.Port}
		o.Feature = FeatureName(v.board, t)
		o.Label = fmt.Sprintf("%s at (%s)", SpotName(a.Figure, FeatureKind(v.board, t), o.Feature), a.Cell)
	case a.Port != engine.NoPort:
		o.Kind, o.Figure = KindSpot, a.Figure.Title()
		o.cell(v.part.Cell)
		t := engine.Target{Cell: v.part.Cell, Port: a.Port}
		o.Feature = FeatureName(v.board, t)
		o.Label = SpotName(a.Figure, FeatureKind(v.board, t), o.Feature)
		if a.Figure.Weight() > 0 {
			for k, s := range v.spots {
				if s.Ports.Has(a.Port) {
					o.Spot = k
				}
			}
		}
	default:
		o.Kind, o.Label = KindPass, "No follower"
	}
}

// ownRole is the role of the current player's follower on the tile at c,
// which the fairy would stand by: "knight", "farmer", … ("follower" when
// none is found).
func (v *view) ownRole(c engine.Cell) string {
	cur := v.g.Current()
	for _, f := range v.g.Followers() {
		if f.Cell == c && f.Player == cur && f.Figure <= engine.FigureLarge {
			return f.Kind.Role()
		}
	}
	return "follower"
}

// escaper names the current player's figure that the escape at t takes
// home: "knight", or "builder" when the player's builder stands there.
func (v *view) escaper(t engine.Target) string {
	if v.placed && t.Cell == v.part.Cell && v.part.Follower != engine.NoPort {
		if v.part.Figure == engine.FigureBuilder {
			return "builder"
		}
		return "knight"
	}
	for _, f := range v.g.Followers() {
		if f.Cell == t.Cell && f.Player == v.g.Current() && f.Figure == engine.FigureBuilder {
			return "builder"
		}
	}
	return "knight"
}

// dragonAt is where the dragon stands before the step asked.
func (v *view) dragonAt() engine.Cell {
	if c, ok := v.board.Dragon(); ok {
		return c
	}
	c, _ := v.g.Dragon()
	return c
}

// FeatureKind returns the kind of the feature at t (a tile of the board and
// a port of it in board orientation) on game g; engine.Road when no tile
// lies there.
func FeatureKind(g *engine.Game, t engine.Target) engine.FeatureKind {
	k, _, ok := feature(g, t)
	if !ok {
		return engine.Road
	}
	return k
}

// feature returns the kind and the ports (board orientation) of the
// segment at t on g.
func feature(g *engine.Game, t engine.Target) (engine.FeatureKind, engine.PortSet, bool) {
	pt, ok := g.TileAt(t.Cell)
	if !ok {
		return 0, 0, false
	}
	ts := g.TileSet()
	f, ok := ts.FeatureAt(pt.Tile, pt.Rotation, t.Port)
	if !ok {
		return 0, 0, false
	}
	tf := ts.Tile(pt.Tile).Features[f]
	return tf.Kind, tf.Ports.Rotate(pt.Rotation), true
}

// FeatureName names the feature at t on game g with where its segment
// meets the edge of its tile as the tile lies (engine.PortSet.Direction):
// "city (north)", "road (east and west)", "cloister"; "feature" when no
// tile lies at t.
func FeatureName(g *engine.Game, t engine.Target) string {
	k, ports, ok := feature(g, t)
	if !ok {
		return "feature"
	}
	return engine.Spot{Port: t.Port, Ports: ports, Kind: k}.Name()[len(k.Role()+" – "):]
}

// SpotName names figure fig on a feature of kind k named feature (as
// FeatureName names it), as the Follower… menu lists it (spec/discord.md):
// "knight – city (north)" for the follower, by its role; "large follower –
// city (north)", "builder – road (east)", "pig – field (south)" for the
// others.
func SpotName(fig engine.Figure, k engine.FeatureKind, feature string) string {
	if fig == engine.FigureFollower {
		return k.Role() + " – " + feature
	}
	return fig.Title() + " – " + feature
}

// FigureAt names the figure a capture or the princess takes at t on game
// g: "Bob's knight at (2,-1)", "Bob's large knight at (2,-1)", "Bob's
// follower on the tower at (0,1)"; when several stand on one spot, the
// first deployed, which the engine takes.
func FigureAt(g *engine.Game, names Names, t engine.Target) string {
	if t.Tower {
		for _, tw := range g.Towers() {
			if tw.Cell == t.Cell && tw.Guarded {
				return fmt.Sprintf("%s's %s on the tower at (%s)", names.of(g, tw.Guard), tw.GuardFigure.Title(), t.Cell)
			}
		}
		return fmt.Sprintf("the follower on the tower at (%s)", t.Cell)
	}
	if f, ok := followerAt(g, t); ok {
		role := f.Kind.Role()
		if f.Figure == engine.FigureLarge {
			role = "large " + role
		}
		return fmt.Sprintf("%s's %s at (%s)", names.of(g, f.Player), role, t.Cell)
	}
	return fmt.Sprintf("the follower at (%s)", t.Cell)
}

// followerAt returns the first follower or large follower on the segment
// at t.
func followerAt(g *engine.Game, t engine.Target) (engine.Follower, bool) {
	pt, ok := g.TileAt(t.Cell)
	if !ok {
		return engine.Follower{}, false
	}
	feat, ok := g.TileSet().FeatureAt(pt.Tile, pt.Rotation, t.Port)
	if !ok {
		return engine.Follower{}, false
	}
	for _, f := range g.Followers() {
		if f.Cell == t.Cell && f.Feature == feat && f.Figure <= engine.FigureLarge {
			return f, true
		}
	}
	return engine.Follower{}, false
}

// figureWord is the figure a capture at t takes, in a player's words.
func figureWord(g *engine.Game, t engine.Target) string {
	if t.Tower {
		for _, tw := range g.Towers() {
			if tw.Cell == t.Cell && tw.Guarded {
				return tw.GuardFigure.Title()
			}
		}
		return "follower"
	}
	if f, ok := followerAt(g, t); ok {
		return f.Figure.Title()
	}
	return "follower"
}

// HeadingArrow is the arrow from cell from to its neighbour to: "⬆ ", "➡ ",
// "⬇ ", "⬅ " (north is up), "" when to is not next to from.
func HeadingArrow(from, to engine.Cell) string {
	switch {
	case to.X == from.X && to.Y == from.Y-1:
		return "⬆ "
	case to.X == from.X+1 && to.Y == from.Y:
		return "➡ "
	case to.X == from.X && to.Y == from.Y+1:
		return "⬇ "
	case to.X == from.X-1 && to.Y == from.Y:
		return "⬅ "
	}
	return ""
}

// Heading is the compass word from cell from to its neighbour to:
// "north", "east", "south", "west"; "" when to is not next to from.
func Heading(from, to engine.Cell) string {
	switch HeadingArrow(from, to) {
	case "⬆ ":
		return "north"
	case "➡ ":
		return "east"
	case "⬇ ":
		return "south"
	case "⬅ ":
		return "west"
	}
	return ""
}

// sideWords are the road ends of a lake in words, by their middle port.
var sideWords = map[engine.Port]string{engine.N: "north", engine.E: "east", engine.S: "south", engine.W: "west"}

// LinkWords says what ferry link l joins: "north and south".
func LinkWords(l engine.FerryLink) string {
	a, b := l.Ports()
	return sideWords[a] + " and " + sideWords[b]
}

// Capitalize returns s with its first letter in upper case.
func Capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// truncate cuts s to at most n runes, with "…" when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
