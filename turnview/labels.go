package turnview

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/engine"
)

// view is what the labels of one step are read from.
type view struct {
	vo    Voice
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

func newView(vo Voice, g *engine.Game, names Names) *view {
	v := &view{vo: vo, g: g, names: names, board: g}
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
	vo := v.vo
	o := Option{Answer: a, Player: v.g.Pending().Player, Value: a.String(), Spot: -1}
	switch a.Step {
	case engine.StepTile:
		v.tileOption(&o)
	case engine.StepFigure:
		v.figureOption(&o)
	case engine.StepGold:
		o.Kind, o.Figure = KindTile, vo.t("turn.figure.gold_ingot")
		o.cell(a.Cell)
		o.Label = vo.t("turn.opt.gold", "Cell", a.Cell.String())
	case engine.StepMagic:
		o.Kind, o.Figure = KindFeature, vo.t("turn.figure."+a.Magic.String())
		if a.Target == (engine.Target{}) {
			o.Kind, o.Label = KindChoice, vo.t("turn.opt.magic_off."+a.Magic.String())
			break
		}
		o.cell(a.Target.Cell)
		o.Feature = vo.FeatureName(v.board, a.Target)
		if from, ok := v.g.MagicAt(a.Magic); ok {
			o.Label = vo.t("turn.opt.magic_from."+a.Magic.String(), "Feature", o.Feature, "Cell", a.Target.Cell.String(), "From", from.Cell.String())
		} else {
			o.Label = vo.t("turn.opt.magic."+a.Magic.String(), "Feature", o.Feature, "Cell", a.Target.Cell.String())
		}
	case engine.StepRoll:
		o.Kind, o.Label = KindRoll, vo.t("turn.opt.roll", "Roll", int(a.Roll))
	case engine.StepLand:
		if a.Target == (engine.Target{}) {
			o.Kind, o.Label = KindChoice, vo.t("turn.opt.land_supply")
			break
		}
		o.Kind, o.Figure = KindFeature, vo.Figure(v.part.Figure)
		o.cell(a.Target.Cell)
		o.Feature = vo.FeatureName(v.board, a.Target)
		o.Label = Capitalize(vo.t("turn.at", "What", o.Feature, "Cell", a.Target.Cell.String()))
	case engine.StepCapture:
		if a.Target == (engine.Target{}) {
			o.Kind, o.Label = KindPass, vo.t("turn.opt.no_prisoner")
			break
		}
		o.Kind = KindFeature
		o.cell(a.Target.Cell)
		if !a.Target.Tower {
			o.Feature = vo.FeatureName(v.board, a.Target)
		}
		o.Label = vo.FigureAt(v.g, v.names, a.Target)
		o.Figure = vo.figureWord(v.g, a.Target)
	case engine.StepEscape:
		if a.Target.Port == engine.NoPort {
			o.Kind, o.Label = KindPass, vo.t("turn.opt.no_escape")
			break
		}
		o.Kind = KindFeature
		o.cell(a.Target.Cell)
		o.Feature = vo.FeatureName(v.board, a.Target)
		who := escaper(v.board, v.g.Current(), a.Target)
		o.Figure = vo.escapeWord(who)
		o.Label = vo.t("turn.opt.escape."+who, "Cell", a.Target.Cell.String())
		if ownCitiesOn(v.board, v.g.Current(), a.Target.Cell) {
			o.Label = vo.t("turn.opt.escape_from."+who, "Feature", o.Feature, "Cell", a.Target.Cell.String())
		}
	case engine.StepDragon:
		o.Kind, o.Figure = KindTile, vo.t("turn.figure.dragon")
		o.cell(a.Cell)
		o.Label = vo.t("turn.opt.dragon", "Arrow", HeadingArrow(v.dragonAt(), a.Cell), "Cell", a.Cell.String())
	case engine.StepFerry:
		o.Kind, o.Figure, o.Label = KindLink, vo.t("turn.figure.ferry"), vo.t("turn.opt.ferry", "Link", vo.LinkWords(a.Link))
	case engine.StepFerryMove:
		if a.Link == 0 {
			o.Kind, o.Label = KindPass, vo.t("turn.opt.no_ferry_move")
			break
		}
		o.Kind, o.Figure = KindLink, vo.t("turn.figure.ferry")
		o.cell(a.Cell)
		o.Label = vo.t("turn.opt.ferry_move", "Cell", a.Cell.String(), "Link", vo.LinkWords(a.Link))
	case engine.StepCrop:
		// Whom the choice concerns: the followers of the circle's kind.
		t, _ := v.g.Drawn()
		o.Kind, o.Label = KindChoice, vo.t("turn.opt.crop."+a.Crop.String()+"."+v.g.TileSet().CropKind(t).Role())
	case engine.StepRobber, engine.StepRob, engine.StepPawn, engine.StepMessage:
		v.boardOption(&o)
	case engine.StepCropPick:
		if a.Target == (engine.Target{}) {
			o.Kind, o.Label = KindPass, vo.t("turn.opt.pass")
			break
		}
		o.Kind, o.Figure = KindFeature, vo.Figure(a.Figure)
		o.cell(a.Target.Cell)
		o.Feature = vo.FeatureName(v.board, a.Target)
		data := []any{"Feature", o.Feature, "Cell", a.Target.Cell.String()}
		switch {
		case a.Return && a.Figure == engine.FigureLarge:
			o.Label = vo.t("turn.opt.crop_return_large", data...)
		case a.Return:
			o.Label = vo.t("turn.opt.crop_return", data...)
		case a.Figure == engine.FigureLarge:
			o.Label = vo.t("turn.opt.crop_large", data...)
		default:
			o.Label = vo.t("turn.opt.crop_follower", data...)
		}
	}
	if o.HasCell {
		o.Port = a.Target.Port
		if o.Port == engine.NoPort {
			o.Port = a.Port
		}
	}
	o.Label = Truncate(o.Label, 100)
	return o
}

func (o *Option) cell(c engine.Cell) { o.Cell, o.HasCell = c, true }

// tileOption describes a tile step's answer.
func (v *view) tileOption(o *Option) {
	vo := v.vo
	a := o.Answer
	t, _ := v.g.Drawn()
	name := v.g.TileSet().Name(t)
	o.Kind = KindPlacement
	switch {
	case a.Discard:
		o.Label = vo.t("turn.opt.discard", "Tile", name)
		return
	case a.Aside:
		o.Label = vo.t("turn.opt.aside", "Tile", name)
		return
	}
	o.cell(a.Cell)
	if a.Ransomed {
		o.Label = vo.t("turn.opt.place_ransom", "Cell", a.Cell.String(), "Rotation", a.Rotation.String(),
			"Figure", vo.Figure(a.Ransom.Figure), "Jailer", v.names.of(v.g, a.Ransom.Jailer))
		return
	}
	o.Label = vo.t("turn.opt.place", "Cell", a.Cell.String(), "Rotation", a.Rotation.String())
}

// figureOption describes a figure step's answer.
func (v *view) figureOption(o *Option) {
	vo := v.vo
	a := o.Answer
	switch {
	case a.Fly:
		o.Kind, o.Figure = KindFigure, vo.Figure(a.Figure)
		t, _ := v.g.Drawn()
		cells := flightCells(v.g, t, engine.Placement{Cell: v.part.Cell, Rotation: v.part.Rotation})
		o.Label = vo.t("turn.opt.fly", "Figure", o.Figure, "Cells", vo.JoinOr(cells))
	case a.Tower == engine.TowerPiece:
		o.Kind, o.Figure = KindTile, vo.t("turn.figure.tower_piece")
		o.cell(a.Cell)
		o.Label = vo.t("turn.opt.tower_piece", "Cell", a.Cell.String())
	case a.Tower == engine.TowerTop:
		o.Kind, o.Figure = KindTile, vo.Figure(a.Figure)
		o.cell(a.Cell)
		o.Label = vo.t("turn.opt.tower_top", "Figure", o.Figure, "Cell", a.Cell.String())
	case a.Princess:
		o.Kind, o.Figure = KindFeature, vo.t("turn.figure.princess")
		o.cell(a.Target.Cell)
		o.Feature = vo.FeatureName(v.board, a.Target)
		o.Label = vo.t("turn.opt.princess", "Target", vo.FigureAt(v.g, v.names, a.Target))
	case a.Fairy && a.Port != engine.NoPort:
		// One of several followers of the player on that tile
		// (engine.FairySpots): named by its feature too.
		o.Kind, o.Figure = KindTile, vo.t("turn.figure.fairy")
		o.cell(a.Cell)
		t := engine.Target{Cell: a.Cell, Port: a.Port}
		o.Feature = vo.FeatureName(v.board, t)
		o.Label = vo.t("turn.opt.fairy_feature", "NextTo", vo.t("turn.next_to."+FeatureKind(v.board, t).Role()), "Feature", o.Feature, "Cell", a.Cell.String())
	case a.Fairy:
		o.Kind, o.Figure = KindTile, vo.t("turn.figure.fairy")
		o.cell(a.Cell)
		o.Label = vo.t("turn.opt.fairy", "NextTo", vo.t("turn.next_to."+v.ownRole(a.Cell)), "Cell", a.Cell.String())
	case a.Portal:
		o.Kind, o.Figure = KindFeature, vo.Figure(a.Figure)
		o.cell(a.Cell)
		t := engine.Target{Cell: a.Cell, Port: a.Port}
		o.Feature = vo.FeatureName(v.board, t)
		o.Label = vo.t("turn.at", "What", vo.SpotName(a.Figure, FeatureKind(v.board, t), o.Feature), "Cell", a.Cell.String())
	case a.Port != engine.NoPort:
		o.Kind, o.Figure = KindSpot, vo.Figure(a.Figure)
		o.cell(v.part.Cell)
		t := engine.Target{Cell: v.part.Cell, Port: a.Port}
		o.Feature = vo.FeatureName(v.board, t)
		o.Label = vo.SpotName(a.Figure, FeatureKind(v.board, t), o.Feature)
		if a.Figure.Weight() > 0 {
			for k, s := range v.spots {
				if s.Ports.Has(a.Port) {
					o.Spot = k
				}
			}
		}
	default:
		o.Kind, o.Label = KindPass, vo.t("turn.opt.no_follower")
	}
}

// ownRole is the role of the current player's follower on the tile at c,
// which the fairy would stand by, in English as message ids end:
// "knight", "farmer", … ("follower" when none is found).
func (v *view) ownRole(c engine.Cell) string {
	cur := v.g.Current()
	for _, f := range v.g.Followers() {
		if f.Cell == c && f.Player == cur && f.Figure <= engine.FigureLarge {
			return f.Kind.Role()
		}
	}
	return "follower"
}

// escaper names player p's figure that the escape at t takes home, in
// English as message ids end: "knight", or "builder" when p's first
// figure on that city segment, the one the engine takes
// (engine.Game.Escapes), is their builder. board holds the turn's tile and
// figure (engine.Game.Preview).
func escaper(board *engine.Game, p int, t engine.Target) string {
	own := func(f engine.Follower) bool { return f.Player == p }
	if f, ok := figureOn(board, t, own); ok && f.Figure == engine.FigureBuilder {
		return "builder"
	}
	return "knight"
}

// ownCitiesOn reports whether player p has figures on two city segments
// of the tile at cell c: an escape from either is then named by its city.
func ownCitiesOn(board *engine.Game, p int, c engine.Cell) bool {
	seen := -1
	for _, f := range board.Followers() {
		if f.Player != p || f.Cell != c || f.Kind != engine.City {
			continue
		}
		if seen >= 0 && f.Feature != seen {
			return true
		}
		seen = f.Feature
	}
	return false
}

// escapeWord says an escaper ("knight", "builder") in vo's language.
func (vo Voice) escapeWord(who string) string {
	if who == "builder" {
		return vo.Figure(engine.FigureBuilder)
	}
	return vo.Role(engine.City)
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
	k, ports, _, ok := featureOnTile(g, t)
	return k, ports, ok
}

// featureOnTile is feature, and also reports whether another feature of
// the same kind on its tile meets the edge in the same compass words
// (engine.PortSet.Direction): the two fields of KR04 and TB07 by their
// south-east corner, at SSE and at ESE, or the two enclosed fields of
// KR05.
func featureOnTile(g *engine.Game, t engine.Target) (k engine.FeatureKind, ports engine.PortSet, twin, ok bool) {
	pt, ok := g.TileAt(t.Cell)
	if !ok {
		return 0, 0, false, false
	}
	ts := g.TileSet()
	f, ok := ts.FeatureAt(pt.Tile, pt.Rotation, t.Port)
	if !ok {
		return 0, 0, false, false
	}
	tf := ts.Tile(pt.Tile).Features[f]
	return tf.Kind, tf.Ports.Rotate(pt.Rotation), hasTwin(ts, pt.Tile, pt.Rotation, f), true
}

// hasTwin reports whether another feature of the kind of feature f of tile
// t turned r meets the tile's edge in the same compass words.
func hasTwin(ts *engine.TileSet, t engine.TileID, r engine.Rotation, f int) bool {
	fs := ts.Tile(t).Features
	for j, o := range fs {
		if j != f && o.Kind == fs[f].Kind && o.Ports.Rotate(r).Direction() == fs[f].Ports.Rotate(r).Direction() {
			return true
		}
	}
	return false
}

// FeatureName names the feature at t on game g with where its segment
// meets the edge of its tile as the tile lies (engine.PortSet.Direction):
// "city (north)", "road (east and west)", "cloister"; "feature" when no
// tile lies at t. A feature that another of its kind on the tile would
// share the words with is named by its ports, on the sixteen points of the
// compass: "field (south-south-east)" and "field (east-south-east)"; an
// enclosed field (ports C and C2) by its number, "field (inner 1)".
// In vo's language.
func (vo Voice) FeatureName(g *engine.Game, t engine.Target) string {
	k, ports, twin, ok := featureOnTile(g, t)
	if !ok {
		return vo.t("turn.feature.unknown")
	}
	return vo.featureWordsApart(k, ports, twin)
}

// featureWordsApart is featureWords, or with twin (hasTwin) the feature
// named by its ports (portWords).
func (vo Voice) featureWordsApart(k engine.FeatureKind, ports engine.PortSet, twin bool) string {
	if twin {
		return vo.t("turn.feature.where", "Feature", vo.Kind(k), "Where", vo.portWords(ports))
	}
	return vo.featureWords(k, ports)
}

// portWords names the ports of a feature one by one, clockwise from NNW,
// on the sixteen points of the compass ("south-south-east", "north"), or
// its inner ports by number ("inner 1" for C, "inner 2" for C2) when it
// meets no edge. In vo's language (messages turn.dir.<word>,
// turn.dir.inner).
func (vo Voice) portWords(ports engine.PortSet) string {
	var ws []string
	for p := engine.NNW; p <= engine.WNW; p++ {
		if ports.Has(p) {
			ws = append(ws, vo.compass(portCompass[p-engine.NNW]))
		}
	}
	for n, p := range []engine.Port{engine.C, engine.C2} {
		if len(ws) == 0 && ports.Has(p) {
			return vo.t("turn.dir.inner", "N", n+1)
		}
	}
	return vo.JoinAnd(ws)
}

// portCompass are the edge ports' compass words, NNW to WNW clockwise.
var portCompass = [...]string{
	"north-north-west", "north", "north-north-east", "east-north-east", "east", "east-south-east",
	"south-south-east", "south", "south-south-west", "west-south-west", "west", "west-north-west",
}

// featureWords names a feature of kind k whose segment meets its tile's
// edge at ports (board orientation): "city (north)", "cloister".
func (vo Voice) featureWords(k engine.FeatureKind, ports engine.PortSet) string {
	if d := ports.Direction(); d != "" && k != engine.Cloister {
		return vo.t("turn.feature.where", "Feature", vo.Kind(k), "Where", vo.directions(d))
	}
	return vo.Kind(k)
}

// SpotWords names a spot sp of figure fig of tile t turned r
// (engine.Game.FollowerSpots, FigureSpots) in vo's language, as the
// Follower… menu lists it once the tile lies there (FeatureName):
// "knight – city (north)" for the follower, by its role; "large follower –
// city (north)", "builder – road (east)" for the others; "farmer – field
// (south-south-east)" beside another field of the tile at the south-east.
func (vo Voice) SpotWords(ts *engine.TileSet, t engine.TileID, r engine.Rotation, fig engine.Figure, sp engine.Spot) string {
	return vo.SpotName(fig, sp.Kind, vo.featureWordsApart(sp.Kind, sp.Ports, hasTwin(ts, t, r, sp.Feature)))
}

// SpotName names figure fig on a feature of kind k named feature (as
// FeatureName names it), as the Follower… menu lists it (spec/discord.md):
// "knight – city (north)" for the follower, by its role; "large follower –
// city (north)", "builder – road (east)", "pig – field (south)" for the
// others.
// In vo's language (feature in it too).
func (vo Voice) SpotName(fig engine.Figure, k engine.FeatureKind, feature string) string {
	who := vo.Figure(fig)
	if fig == engine.FigureFollower {
		who = vo.Role(k)
	}
	return vo.t("turn.spot", "Figure", who, "Feature", feature)
}

// FigureAt names the figure a capture or the princess takes at t on game
// g: "Bob's knight at (2,-1)", "Bob's large knight at (2,-1)", "Bob's
// follower on the tower at (0,1)"; when several stand on one spot, the
// first deployed, which the engine takes.
// In vo's language.
func (vo Voice) FigureAt(g *engine.Game, names Names, t engine.Target) string {
	owner, what := vo.figureAt(g, t)
	if owner < 0 {
		return what
	}
	return vo.t("turn.whose", "Player", names.of(g, owner), "What", what)
}

// figureAt names the figure at t on g without its owner ("knight at
// (2,-1)", "follower on the tower at (0,1)"), with its owner; -1 and the
// whole name ("the follower at (2,-1)") when none is found.
func (vo Voice) figureAt(g *engine.Game, t engine.Target) (int, string) {
	cell := t.Cell.String()
	if t.Tower {
		for _, tw := range g.Towers() {
			if tw.Cell == t.Cell && tw.Guarded {
				return tw.Guard, vo.t("turn.on_tower", "Figure", vo.Figure(tw.GuardFigure), "Cell", cell)
			}
		}
		return -1, vo.t("turn.someone_on_tower", "Cell", cell)
	}
	if f, ok := followerAt(g, t); ok {
		role := vo.Role(f.Kind)
		if f.Figure == engine.FigureLarge {
			role = vo.largeRole(f.Kind)
		}
		return f.Player, vo.t("turn.at", "What", role, "Cell", cell)
	}
	return -1, vo.t("turn.someone_at", "Cell", cell)
}

// followerAt returns the first follower or large follower on the segment
// at t.
func followerAt(g *engine.Game, t engine.Target) (engine.Follower, bool) {
	return figureOn(g, t, func(f engine.Follower) bool { return f.Figure <= engine.FigureLarge })
}

// figureOn returns the first figure, in the order they were deployed, for
// which keep reports true on the segment of the tile at t.Cell that port
// t.Port names.
func figureOn(g *engine.Game, t engine.Target, keep func(engine.Follower) bool) (engine.Follower, bool) {
	pt, ok := g.TileAt(t.Cell)
	if !ok {
		return engine.Follower{}, false
	}
	feat, ok := g.TileSet().FeatureAt(pt.Tile, pt.Rotation, t.Port)
	if !ok {
		return engine.Follower{}, false
	}
	for _, f := range g.Followers() {
		if f.Cell == t.Cell && f.Feature == feat && keep(f) {
			return f, true
		}
	}
	return engine.Follower{}, false
}

// figureWord is the figure a capture at t takes, in a player's words.
func (vo Voice) figureWord(g *engine.Game, t engine.Target) string {
	if t.Tower {
		for _, tw := range g.Towers() {
			if tw.Cell == t.Cell && tw.Guarded {
				return vo.Figure(tw.GuardFigure)
			}
		}
		return vo.Figure(engine.FigureFollower)
	}
	if f, ok := followerAt(g, t); ok {
		return vo.Figure(f.Figure)
	}
	return vo.Figure(engine.FigureFollower)
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
// In vo's language.
func (vo Voice) Heading(from, to engine.Cell) string {
	switch HeadingArrow(from, to) {
	case "⬆ ":
		return vo.compass("north")
	case "➡ ":
		return vo.compass("east")
	case "⬇ ":
		return vo.compass("south")
	case "⬅ ":
		return vo.compass("west")
	}
	return ""
}

// sideWords are the road ends of a lake in words, by their middle port.
var sideWords = map[engine.Port]string{engine.N: "north", engine.E: "east", engine.S: "south", engine.W: "west"}

// LinkWords says what ferry link l joins: "north and south".
// In vo's language.
func (vo Voice) LinkWords(l engine.FerryLink) string {
	a, b := l.Ports()
	return vo.JoinAnd([]string{vo.compass(sideWords[a]), vo.compass(sideWords[b])})
}

// Capitalize returns s with its first letter in upper case.
func Capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Truncate cuts s to at most n runes (n ≥ 1), ending it with "…" when it
// cuts: for Discord's limits on labels (100), titles (256) and the like.
func Truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
