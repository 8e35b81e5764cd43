package turnview

import (
	"fmt"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// This file puts a turn into words once, for both front ends: what the
// player placed and deployed, the expansions' figures and steps (towers
// and prisoners, the princess, the fairy and the dragon, flights, gold,
// ferries, the mage and the witch, crop circles, escapes), what it scored,
// and what changed hands (goods, gold, the King and the Robber Baron).

// Narrate plays move m on game g, checked as engine.Game.Apply does, and
// says what it did in one paragraph, as Discord's turn summary and the
// terminal write it (spec/discord.md, "A turn"): "Alice placed V at (2,-1),
// thief on the road; road completed: Alice +4." A discard, a tile set
// aside and a resignation are played and say "": each front end announces
// them in its own way. g is left after the move; on an error (the move is
// not legal) it is left as it was.
func Narrate(g *engine.Game, m engine.Move, names Names) (string, error) {
	if m.Discard || m.Aside || m.Resign {
		return "", g.Apply(m)
	}
	before := len(g.Events())
	who, turn := g.Current(), g.Turn()
	king, hasKing := g.King()
	robber, hasRobber := g.RobberBaron()
	goods := g.Goods(who)
	escaped := ""
	if m.Escape.Port != engine.NoPort {
		escaped = EscapeWho(g, m)
	}
	ransom, tower := towerWords(g, m, names)
	robbers := RobbersPlacedWords(g, m, names)
	between := tower + dragonMoveWords(g, m, names) + magicWords(g, m) + goldWords(m) + FerryWords(m) + flyWords(g, m) + cropWords(g, who, m, names)
	gold := goldHeld(g)
	var held *engine.Game
	if m.Capture != (engine.Target{}) {
		held = g.Clone()
	}
	if err := g.Apply(m); err != nil {
		return "", err
	}
	if held != nil {
		between += exchangeWords(held, g, m, names)
	}
	between = robbers + between + DragonWords(g, turn, names)
	line := ransom + withScores(MoveWords(g, who, m, escaped, names), between, ScoresWords(g, g.Events()[before:], names))
	if p, ok := g.King(); ok && (!hasKing || p != king) {
		line += fmt.Sprintf(" %s takes the King.", names.of(g, p))
	}
	if p, ok := g.RobberBaron(); ok && (!hasRobber || p != robber) {
		line += fmt.Sprintf(" %s takes the Robber Baron.", names.of(g, p))
	}
	if taken := GoodsWords(goods, g.Goods(who)); taken != "" {
		line += fmt.Sprintf(" %s takes %s.", names.of(g, who), taken)
	}
	line += goldTakenWords(g, gold, names)
	switch {
	case g.BuilderTurn():
		line += fmt.Sprintf(" Builder: %s plays again.", names.of(g, who))
	case g.ExtraTurn():
		line += fmt.Sprintf(" %s plays again.", names.of(g, who))
	}
	return line, nil
}

// PartWords says what the answers so far of a turn did, while the turn
// goes on with other players' decisions: m is their move (engine.
// MoveOfAnswers), by player p, on game g at the start of the turn:
// "Alice placed D at (1,0), knight on the city. The dragon moves!"
func PartWords(g *engine.Game, p int, m engine.Move, names Names) string {
	text := MoveWords(g, p, m, "", names) + dragonMoveWords(g, m, names) + magicWords(g, m) + goldWords(m) + FerryWords(m) + rollWords(g, m)
	if m.Crop != engine.CropNone && m.CropPicks.Len() == 0 {
		text += fmt.Sprintf(" Crop circle: %s chose %s.", names.of(g, p), m.Crop)
	}
	if t, ok := g.Drawn(); ok && !m.Fly && g.TileSet().Tile(t).Markers&engine.Dragon != 0 {
		if _, on := g.Dragon(); on {
			text += " The dragon moves!"
		}
	}
	return text
}

// MoveWords says what a move placed and deployed: "Alice placed V at
// (2,-1), thief on the road."; escaped names the figure its escape takes
// home (EscapeWho, from the game before the move). g holds the tile set.
func MoveWords(g *engine.Game, p int, m engine.Move, escaped string, names Names) string {
	ts := g.TileSet()
	s := fmt.Sprintf("%s placed %s at (%s)", names.of(g, p), ts.Name(m.Tile), m.Cell)
	if m.Follower != engine.NoPort && !m.Portal {
		if f, ok := ts.FeatureAt(m.Tile, m.Rotation, m.Follower); ok {
			k := ts.Tile(m.Tile).Features[f].Kind
			switch {
			case m.Figure.Weight() == 0 && k == engine.Field:
				s += fmt.Sprintf(", %s in the %s", m.Figure.Title(), FeatureWord(k))
			case m.Figure.Weight() == 0:
				s += fmt.Sprintf(", %s on the %s", m.Figure.Title(), FeatureWord(k))
			case m.Figure != engine.FigureFollower:
				s += fmt.Sprintf(", %s (%s) on the %s", m.Figure.Title(), k.Role(), FeatureWord(k))
			default:
				s += fmt.Sprintf(", %s on the %s", k.Role(), FeatureWord(k))
			}
		}
	}
	if m.Escape.Port != engine.NoPort {
		s += fmt.Sprintf("; the %s at (%s) escapes from the besieged city", escaped, m.Escape.Cell)
	}
	return s + "."
}

// EscapeWho names the figure that move m's escape takes home, on game g
// before the move: "builder" for a builder (record.md: "a knight or
// builder leaves a besieged city"), else "knight". One figure of a player
// stands on a tile at most: the one deployed with it.
func EscapeWho(g *engine.Game, m engine.Move) string {
	if m.Escape.Cell == m.Cell && m.Follower != engine.NoPort {
		if m.Figure == engine.FigureBuilder {
			return "builder"
		}
		return "knight"
	}
	for _, f := range g.Followers() {
		if f.Cell == m.Escape.Cell && f.Player == g.Current() && f.Figure == engine.FigureBuilder {
			return "builder"
		}
	}
	return "knight"
}

// FeatureWord names a kind of feature as a scored one is called: "road",
// "city", "cloister", "farm".
func FeatureWord(k engine.FeatureKind) string {
	if k == engine.Field {
		return "farm"
	}
	return k.String()
}

// ScoresWords lists what a turn scored: "road completed: Alice +4", the
// parts joined by "; ", or "" when nothing scored. A ransom is told with
// the move, the final scoring apart.
func ScoresWords(g *engine.Game, evs []engine.ScoreEvent, names Names) string {
	var parts []string
	for _, e := range evs {
		if e.Final || e.Source == engine.SourceRansom {
			continue
		}
		var part string
		switch e.Source {
		case engine.SourceFairy:
			part = fmt.Sprintf("the fairy: %s +%d", names.of(g, e.Player), e.Points)
		case engine.SourceMessage, engine.SourceRobbery:
			part = boardScoreWords(g, e, names)
		default:
			part = fmt.Sprintf("%s completed: %s +%d", ScoredWords(e), names.of(g, e.Player), e.Points)
		}
		if e.Messenger {
			part += " (messenger)"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, "; ")
}

// withScores adds a turn's scores to the words of its move: right after
// the move's own sentence as spec/discord.md writes the summary ("Alice
// placed V at (2,-1), thief on the road; road completed: Alice +4."), or
// as a sentence of their own when more was said between (a tower's
// capture, the dragon's path).
func withScores(move, between, scores string) string {
	switch {
	case scores == "":
		return move + between
	case between == "":
		return strings.TrimSuffix(move, ".") + "; " + scores + "."
	}
	return move + between + " " + Capitalize(scores) + "."
}

// ScoredWords names what a score event scored, with the markers that
// changed its points: "road with an inn", "city with a cathedral",
// "besieged city", "farm with a pig herd"; "King" and "Robber Baron" for
// their bonuses.
func ScoredWords(e engine.ScoreEvent) string {
	switch e.Source {
	case engine.SourceKing:
		return "King"
	case engine.SourceRobberBaron:
		return "Robber Baron"
	case engine.SourceGoods:
		if d, ok := MostGoods(e); ok {
			return "most " + d.String()
		}
		return "goods"
	}
	w := FeatureWord(e.Feature)
	if e.Markers&engine.Besieged != 0 {
		w = "besieged " + w
	}
	with := ScoreExtras(e)
	if e.Pig {
		with = append(with, "the pig")
	}
	if e.Magic != engine.MagicNone {
		with = append(with, "the "+e.Magic.String())
	}
	if len(with) > 0 {
		w += " with " + JoinAnd(with)
	}
	return w
}

// towerWords says what a move does with towers, from game g before it:
// the ransom first ("Alice pays Bob 3 points to free her follower. "),
// then, after the placement's words, the tower piece or the follower on
// top and the capture (" Alice takes Bob's knight at (1,1) prisoner.").
func towerWords(g *engine.Game, m engine.Move, names Names) (before, after string) {
	who := names.of(g, g.Current())
	if m.Ransomed {
		before = fmt.Sprintf("%s pays %s %d points to free their %s. ", who, names.of(g, m.Ransom.Jailer), engine.RansomPoints, m.Ransom.Figure.Title())
	}
	switch m.Tower {
	case engine.TowerPiece:
		h := 1
		for _, tw := range g.Towers() {
			if tw.Cell == m.TowerCell {
				h = tw.Height + 1
			}
		}
		after = fmt.Sprintf(" %s adds a tower piece to the tower at (%s), now %d stories high.", who, m.TowerCell, h)
		if h == 1 {
			after = fmt.Sprintf(" %s builds a tower at (%s).", who, m.TowerCell)
		}
	case engine.TowerTop:
		after = fmt.Sprintf(" %s puts a %s on top of the tower at (%s), which is closed for good.", who, m.Figure.Title(), m.TowerCell)
	}
	if m.Capture != (engine.Target{}) {
		owner := Owner(g, m.Capture)
		name := FigureAt(g, names, m.Capture)
		if owner == g.Current() {
			after += fmt.Sprintf(" %s takes back their own %s.", who, strings.TrimPrefix(name, names.of(g, owner)+"'s "))
		} else {
			after += fmt.Sprintf(" %s takes %s prisoner.", who, name)
		}
	}
	return before, after
}

// Owner returns the owner of the figure a capture or the princess takes
// at t on game g (FigureAt), or -1.
func Owner(g *engine.Game, t engine.Target) int {
	if t.Tower {
		for _, tw := range g.Towers() {
			if tw.Cell == t.Cell && tw.Guarded {
				return tw.Guard
			}
		}
		return -1
	}
	if f, ok := followerAt(g, t); ok {
		return f.Player
	}
	return -1
}

// exchangeWords says which prisoners were exchanged by a move (004_…: two
// players who hold each other's prisoners exchange them at once), from
// the prisoners held before and after it: " Alice and Bob exchange
// prisoners: each gets a follower back."
func exchangeWords(before, after *engine.Game, m engine.Move, names Names) string {
	if m.Capture == (engine.Target{}) {
		return ""
	}
	cur := before.Current()
	owner := Owner(before, m.Capture)
	if owner < 0 || owner == cur {
		return ""
	}
	held := func(g *engine.Game, jailer, of int) int {
		n := 0
		for _, p := range g.Prisoners(jailer) {
			if p.Player == of {
				n++
			}
		}
		return n
	}
	if held(after, cur, owner) > held(before, cur, owner) {
		return ""
	}
	return fmt.Sprintf(" %s and %s exchange prisoners: each gets a follower back.", names.of(after, cur), names.of(after, owner))
}

// DragonWords says what the dragon did in the turn just played on g
// (engine.Game.LastDragon): " The dragon flies to the volcano at (1,0).",
// " The dragon goes to (1,0) and (2,0) and eats Bob's knight at (2,0)."
func DragonWords(g *engine.Game, turn int, names Names) string {
	dm := g.LastDragon()
	if dm.Turn != turn || len(dm.Path) == 0 {
		return ""
	}
	if dm.Volcano {
		return fmt.Sprintf(" The dragon flies to the volcano at (%s).", dm.Path[0])
	}
	var cells []string
	for _, c := range dm.Path {
		cells = append(cells, "("+c.String()+")")
	}
	s := " The dragon goes to " + JoinAnd(cells)
	var eaten []string
	for _, f := range dm.Eaten {
		what := f.Figure.Title()
		if f.Figure <= engine.FigureLarge && f.Kind != engine.NoFeature {
			what = f.Kind.Role()
			if f.Figure == engine.FigureLarge {
				what = "large " + what
			}
		}
		eaten = append(eaten, fmt.Sprintf("%s's %s at (%s)", names.of(g, f.Player), what, f.Cell))
	}
	if len(eaten) > 0 {
		s += " and eats " + JoinAnd(eaten)
	}
	return s + "."
}

// dragonMoveWords says what move m does with the princess, the fairy and
// the portal, from game g before it.
func dragonMoveWords(g *engine.Game, m engine.Move, names Names) string {
	who := names.of(g, g.Current())
	switch {
	case m.Princess != (engine.Target{}):
		return fmt.Sprintf(" The princess sends %s home.", FigureAt(g, names, m.Princess))
	case m.Fairy:
		return fmt.Sprintf(" %s puts the fairy on (%s).", who, m.FairyCell)
	case m.Portal:
		return fmt.Sprintf(" %s goes through the magic portal to (%s).", who, m.PortalCell)
	}
	return ""
}

// magicWords says what move m did with the mage or witch, on game g
// before it: " The mage goes to the city (north) at (1,0)."
func magicWords(g *engine.Game, m engine.Move) string {
	if m.Magic == engine.MagicNone {
		return ""
	}
	if m.MagicAt == (engine.Target{}) {
		return fmt.Sprintf(" The %s leaves the board.", m.Magic)
	}
	after := g.Clone()
	after.Reset()
	after.Play(m)
	return fmt.Sprintf(" The %s goes to the %s.", m.Magic, At(after, m.MagicAt))
}

// At names the feature at t on game g with its tile, as the step messages
// and summaries write it; in the middle of a turn the tile just placed is
// read as it lies (engine.Game.Preview): "city (north) at (2,0)".
func At(g *engine.Game, t engine.Target) string {
	if _, ok := g.TileAt(t.Cell); !ok {
		if pv := g.Preview(); pv != nil {
			g = pv
		}
	}
	return fmt.Sprintf("%s at (%s)", FeatureName(g, t), t.Cell)
}

// goldWords says where move m put its gold ingots: " Gold ingots on
// (1,0) and (2,1)."
func goldWords(m engine.Move) string {
	if !m.Gold {
		return ""
	}
	return fmt.Sprintf(" Gold ingots on (%s) and (%s).", m.Cell, m.GoldCell)
}

// goldHeld lists each player's gold ingots in g.
func goldHeld(g *engine.Game) []int {
	held := make([]int, g.NumPlayers())
	for p := range held {
		held[p] = g.Gold(p)
	}
	return held
}

// goldTakenWords says who took gold ingots in a turn, from each player's
// ingots before (held) and after it (g): " Alice takes 2 gold ingots."
func goldTakenWords(g *engine.Game, held []int, names Names) string {
	s := ""
	for p, n := range held {
		if d := g.Gold(p) - n; d > 0 {
			s += fmt.Sprintf(" %s takes %s.", names.of(g, p), Plural(d, "gold ingot"))
		}
	}
	return s
}

// FerryWords says what move m did with the ferries: " The ferry at (1,0)
// joins the roads north and south. The ferry at (3,0) moves to join east
// and west."
func FerryWords(m engine.Move) string {
	s := ""
	if m.Ferry != 0 {
		s += fmt.Sprintf(" The ferry at (%s) joins the roads %s.", m.Cell, LinkWords(m.Ferry))
	}
	for _, fm := range m.FerryMoves.All() {
		s += fmt.Sprintf(" The ferry at (%s) moves to join %s.", fm.Cell, LinkWords(fm.Link))
	}
	return s
}

// FlyerWord names a flying figure of kind f: "follower", "large follower".
func FlyerWord(f engine.Figure) string {
	if f == engine.FigureLarge {
		return "large follower"
	}
	return "follower"
}

// flyWords says what the flight of move m did, on game g before it: " 🎲
// The follower flies: the die shows 2, and it lands on the city (north) at
// (2,0)." With m.Roll 0 (the die not rolled yet) it says nothing.
func flyWords(g *engine.Game, m engine.Move) string {
	if !m.Fly || m.Roll == 0 {
		return ""
	}
	s := fmt.Sprintf(" 🎲 The %s flies: the die shows %d", FlyerWord(m.Figure), m.Roll)
	if m.Land == (engine.Target{}) {
		if c, ok := g.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll)); ok {
			return s + fmt.Sprintf(", and it finds nowhere to land at (%s), so it goes back to the supply.", c)
		}
		return s + ", and it finds nowhere to land, so it goes back to the supply."
	}
	return s + ", and it lands on the " + At(g, m.Land) + "."
}

// rollWords says the die of a flight whose landing is still to be chosen:
// " 🎲 The die shows 2: the follower flies to (0,-2)."
func rollWords(g *engine.Game, m engine.Move) string {
	if !m.Fly || m.Roll == 0 {
		return ""
	}
	c, _ := g.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll))
	return fmt.Sprintf(" 🎲 The die shows %d: the %s flies to (%s).", m.Roll, FlyerWord(m.Figure), c)
}

// cropWords says the crop circle of move m, played by player p on game g
// before it: " Crop circle: Alice chose add; 2 followers were added."
func cropWords(g *engine.Game, p int, m engine.Move, names Names) string {
	if m.Crop == engine.CropNone {
		return ""
	}
	n := 0
	for i := range m.CropPicks.Len() {
		if m.CropPicks.At(i).Target != (engine.Target{}) {
			n++
		}
	}
	what := "added"
	if m.Crop == engine.CropRemove {
		what = "returned"
	}
	return fmt.Sprintf(" Crop circle: %s chose %s; %s %s.", names.of(g, p), m.Crop, Plural(n, "follower"), what)
}

// GoodsWords says the goods tokens taken between two counts of a player's
// goods (Traders & Builders): "2 grain and 1 wine", "" when none.
func GoodsWords(before, after [engine.NumGoods]int) string {
	var parts []string
	for d := range engine.NumGoods {
		if n := after[d] - before[d]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, d))
		}
	}
	return JoinAnd(parts)
}

// Plural returns "1 tile", "2 tiles", "3 cities".
func Plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	if many, ok := strings.CutSuffix(one, "city"); ok {
		return fmt.Sprintf("%d %scities", n, many)
	}
	return fmt.Sprintf("%d %ss", n, one)
}

// StepWords says what answer a to the step game g waits for did, by the
// player who decides it (engine.Game.Pending), as the step messages and
// the terminal say it: "Bob moves the dragon ➡ (1,0).", "Alice takes no
// knight home.", "Bob adds a follower on the city (north) at (3,0)."
func StepWords(g *engine.Game, a engine.Answer, names Names) string {
	name := names.of(g, g.Pending().Player)
	switch a.Step {
	case engine.StepDragon:
		at, _ := g.Dragon()
		if pv := g.Preview(); pv != nil {
			if c, ok := pv.Dragon(); ok {
				at = c
			}
		}
		return fmt.Sprintf("%s moves the dragon %s(%s).", name, HeadingArrow(at, a.Cell), a.Cell)
	case engine.StepEscape:
		if a.Target.Port == engine.NoPort {
			return name + " takes no knight home."
		}
		return fmt.Sprintf("%s takes their knight at (%s) home from the besieged city.", name, a.Target.Cell)
	case engine.StepCropPick:
		switch {
		case a.Target == (engine.Target{}):
			return name + " passes."
		case a.Return:
			return fmt.Sprintf("%s returns their follower on the %s.", name, At(g, a.Target))
		}
		return fmt.Sprintf("%s adds a %s on the %s.", name, FlyerWord(a.Figure), At(g, a.Target))
	case engine.StepMagic:
		return fmt.Sprintf("%s puts %s.", name, MagicWhere(g, a.Magic, a.Target))
	case engine.StepCrop:
		return fmt.Sprintf("%s chooses %s for the crop circle.", name, a.Crop)
	case engine.StepFerry:
		return fmt.Sprintf("%s's ferry joins the roads %s.", name, LinkWords(a.Link))
	case engine.StepFerryMove:
		if a.Link == 0 {
			return name + " moves no more ferries."
		}
		return fmt.Sprintf("%s moves the ferry at (%s) to join %s.", name, a.Cell, LinkWords(a.Link))
	case engine.StepLand:
		if a.Target == (engine.Target{}) {
			return fmt.Sprintf("%s's flying figure goes back to the supply.", name)
		}
		return fmt.Sprintf("%s's flying figure lands on the %s.", name, At(g, a.Target))
	case engine.StepRobber, engine.StepRob, engine.StepPawn, engine.StepMessage:
		return boardStepWords(g, a, name, names)
	}
	return fmt.Sprintf("%s: %s.", name, a)
}

// MagicWhere names where a mage or witch answer puts its figure, on game
// g: "the mage to the city (north) at (1,0)", "the witch off the board".
func MagicWhere(g *engine.Game, f engine.MagicFigure, t engine.Target) string {
	if t == (engine.Target{}) {
		return fmt.Sprintf("the %s off the board", f)
	}
	return fmt.Sprintf("the %s to the %s", f, At(g, t))
}
