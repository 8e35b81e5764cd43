package turnview

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// This file puts a turn into words once, for both front ends: what the
// player placed and deployed, the expansions' figures and steps (towers
// and prisoners, the princess, the fairy and the dragon, flights, gold,
// ferries, the mage and the witch, crop circles, escapes), what it scored,
// and what changed hands (goods, gold, the King and the Robber Baron).
// Each sentence is one message turn.… of the voice's language; sentences
// follow each other with a space.

// Narrate plays move m on game g, checked as engine.Game.Apply does, and
// says what it did in one paragraph, as Discord's turn summary and the
// terminal write it (spec/discord.md, "A turn"): "Alice placed V at (2,-1),
// thief on the road; road completed: Alice +4." A discard, a tile set
// aside and a resignation are played and say "": each front end announces
// them in its own way. g is left after the move; on an error (the move is
// not legal) it is left as it was.
// In vo's language.
func (vo Voice) Narrate(g *engine.Game, m engine.Move, names Names) (string, error) {
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
		escaped = escapeKey(g, m)
	}
	ransom, tower := vo.towerWords(g, m, names)
	robbers := vo.RobbersPlacedWords(g, m, names)
	between := tower + vo.dragonMoveWords(g, m, names) + vo.magicWords(g, m) + vo.goldWords(m) + vo.FerryWords(m) + vo.flyWords(g, m) + vo.cropWords(g, who, m, names)
	gold := goldHeld(g)
	var held *engine.Game
	if m.Capture != (engine.Target{}) {
		held = g.Clone()
	}
	if err := g.Apply(m); err != nil {
		return "", err
	}
	if held != nil {
		between += vo.exchangeWords(held, g, m, names)
	}
	between = robbers + between + vo.DragonWords(g, turn, names)
	line := ransom + vo.withScores(vo.moveWords(g, who, m, escaped, names), between, vo.ScoresWords(g, g.Events()[before:], names))
	if p, ok := g.King(); ok && (!hasKing || p != king) {
		line += sentence(vo.t("turn.king", "Player", names.of(g, p)))
	}
	if p, ok := g.RobberBaron(); ok && (!hasRobber || p != robber) {
		line += sentence(vo.t("turn.robber_baron", "Player", names.of(g, p)))
	}
	if taken := vo.GoodsWords(goods, g.Goods(who)); taken != "" {
		line += sentence(vo.t("turn.goods_taken", "Player", names.of(g, who), "Goods", taken))
	}
	line += vo.goldTakenWords(g, gold, names)
	switch {
	case g.BuilderTurn():
		line += sentence(vo.t("turn.again_builder", "Player", names.of(g, who)))
	case g.ExtraTurn():
		line += sentence(vo.t("turn.again", "Player", names.of(g, who)))
	}
	return line, nil
}

// PartWords says what the answers so far of a turn did, while the turn
// goes on with other players' decisions: m is their move (engine.
// MoveOfAnswers), by player p, on game g at the start of the turn:
// "Alice placed D at (1,0), knight on the city. The dragon moves! Alice
// moves the dragon ➡ (2,0)."
// In vo's language.
func (vo Voice) PartWords(g *engine.Game, p int, m engine.Move, names Names) string {
	text := vo.moveWords(g, p, m, "", names) + vo.dragonMoveWords(g, m, names) + vo.magicWords(g, m) + vo.goldWords(m) + vo.FerryWords(m) + vo.rollWords(g, m)
	if m.Crop != engine.CropNone && m.CropPicks.Len() == 0 {
		text += sentence(vo.t("turn.crop_chose."+m.Crop.String(), "Player", names.of(g, p)))
	}
	if t, ok := g.Drawn(); ok && !m.Fly && g.TileSet().Tile(t).Markers&engine.Dragon != 0 {
		if at, on := g.Dragon(); on {
			text += sentence(vo.t("turn.dragon.moves"))
			// The steps p took before the others' (the current player
			// moves the dragon first: 004_…, "The dragon").
			for i := range m.Dragon.Len() {
				c := m.Dragon.At(i)
				text += sentence(vo.t("turn.step.dragon", "Player", names.of(g, p), "Arrow", HeadingArrow(at, c), "Cell", c.String()))
				at = c
			}
		}
	}
	return text
}

// DrawWords says what became of a tile drawn in game g (before move m)
// that move m does not place: "Bob draws tile PD28, a dragon tile, while
// the dragon is not on the board yet: it is set aside, and comes back into
// the pile with the first volcano." (m.Aside; 004_…: "if a dragon tile is
// drawn, the player sets it aside and draws another"), or "Bob draws tile
// V, which fits nowhere: it is put out of the game." (m.Discard; 001_…:
// "a drawn tile cannot be placed … the player returns the tile to the
// box"). It returns "" for any other move.
// In vo's language.
func (vo Voice) DrawWords(g *engine.Game, m engine.Move, names Names) string {
	d := []any{"Player", names.of(g, g.Current()), "Tile", g.TileSet().Name(m.Tile)}
	switch {
	case m.Aside:
		return vo.t("turn.drawn.aside", d...)
	case m.Discard:
		return vo.t("turn.drawn.discard", d...)
	}
	return ""
}

// MoveWords says what a move placed and deployed: "Alice placed V at
// (2,-1), thief on the road."; escaped names the figure its escape takes
// home (EscapeWho, from the game before the move). g holds the tile set.
// In vo's language; escaped is EscapeWho's word in English or in vo's
// language.
func (vo Voice) MoveWords(g *engine.Game, p int, m engine.Move, escaped string, names Names) string {
	if escaped == "builder" || escaped == vo.escapeWord("builder") {
		escaped = "builder"
	} else if escaped != "" {
		escaped = "knight"
	}
	return vo.moveWords(g, p, m, escaped, names)
}

// moveWords is MoveWords with escaped "knight" or "builder" (escapeKey).
func (vo Voice) moveWords(g *engine.Game, p int, m engine.Move, escaped string, names Names) string {
	ts := g.TileSet()
	d := []any{"Player", names.of(g, p), "Tile", ts.Name(m.Tile), "Cell", m.Cell.String()}
	s := ""
	if m.Follower != engine.NoPort && !m.Portal {
		if f, ok := ts.FeatureAt(m.Tile, m.Rotation, m.Follower); ok {
			k := ts.Tile(m.Tile).Features[f].Kind
			word := featureKey(k)
			if m.Figure.Weight() == 0 && k == engine.Field {
				s = vo.t("turn.deploy.in_"+word, "Figure", vo.figureRole(m.Figure, k))
			} else {
				s = vo.t("turn.deploy.on_"+word, "Figure", vo.figureRole(m.Figure, k))
			}
		}
	}
	if s != "" {
		s = vo.t("turn.placed_deployed", append(d, "Deployed", s)...)
	} else {
		s = vo.t("turn.placed", d...)
	}
	if m.Escape.Port != engine.NoPort {
		if escaped == "" {
			escaped = "knight"
		}
		s = vo.t("turn.with_escape", "Move", s, "Escape", vo.t("turn.escape_clause."+escaped, "Cell", m.Escape.Cell.String()))
	}
	return vo.t("turn.full_stop", "Sentence", s)
}

// EscapeWho names the figure that move m's escape takes home, on game g
// before the move: "builder" for a builder (record.md: "a knight or
// builder leaves a besieged city"), else "knight". One figure of a player
// stands on a tile at most: the one deployed with it.
// In vo's language.
func (vo Voice) EscapeWho(g *engine.Game, m engine.Move) string {
	return vo.escapeWord(escapeKey(g, m))
}

// escapeKey is EscapeWho in English, as message ids end: the figure of
// the current player of g that move m's escape takes home, found on the
// board after m's tile and figure (escaper).
func escapeKey(g *engine.Game, m engine.Move) string {
	board, who, at := g.Clone(), g.Current(), m.Escape
	m.Escape = engine.Target{}
	if err := board.Apply(m); err != nil {
		return "knight"
	}
	return escaper(board, who, at)
}

// featureKey is a kind of feature as a scored one is called, in English
// as message ids end: "road", "city", "cloister", "farm".
func featureKey(k engine.FeatureKind) string {
	if k == engine.Field {
		return "farm"
	}
	return k.String()
}

// FeatureWord names a kind of feature as a scored one is called: "road",
// "city", "cloister", "farm".
// In vo's language.
func (vo Voice) FeatureWord(k engine.FeatureKind) string {
	switch k {
	case engine.Road, engine.City, engine.Cloister, engine.Field, engine.River:
		return vo.t("turn.scored." + featureKey(k))
	}
	return vo.t("turn.feature.unknown")
}

// ScoresWords lists what a turn scored: "road completed: Alice +4", the
// parts joined by "; " (Parts), or "" when nothing scored. A ransom is told with
// the move, the final scoring apart.
// In vo's language.
func (vo Voice) ScoresWords(g *engine.Game, evs []engine.ScoreEvent, names Names) string {
	var parts []string
	for _, e := range evs {
		if e.Final || e.Source == engine.SourceRansom {
			continue
		}
		var part string
		switch e.Source {
		case engine.SourceFairy:
			part = vo.t("turn.score.fairy", "Player", names.of(g, e.Player), "Points", plus(e.Points))
		case engine.SourceMessage, engine.SourceRobbery:
			part = vo.boardScoreWords(g, e, names)
		default:
			part = vo.t("turn.score.completed", "What", vo.ScoredWords(e), "Player", names.of(g, e.Player), "Points", plus(e.Points))
		}
		if e.Messenger {
			part = vo.t("turn.score.messenger", "Score", part)
		}
		parts = append(parts, part)
	}
	return vo.Parts(parts)
}

// signed writes points with their sign: "+4", "-2", "+0".
func signed(n int) string { return fmt.Sprintf("%+d", n) }

// plus writes points after a plus: "+4".
func plus(n int) string { return "+" + strconv.Itoa(n) }

// withScores adds a turn's scores to the words of its move: right after
// the move's own sentence as spec/discord.md writes the summary ("Alice
// placed V at (2,-1), thief on the road; road completed: Alice +4."), or
// as a sentence of their own when more was said between (a tower's
// capture, the dragon's path).
func (vo Voice) withScores(move, between, scores string) string {
	switch {
	case scores == "":
		return move + between
	case between == "":
		return vo.Parts([]string{strings.TrimSuffix(move, "."), scores}) + "."
	}
	return move + between + " " + Capitalize(scores) + "."
}

// ScoredWords names what a score event scored, with the markers that
// changed its points: "road with an inn", "city with a cathedral",
// "besieged city", "farm with a pig herd"; "King" and "Robber Baron" for
// their bonuses, "most wine" for a goods majority, "3 gold ingots" for the
// gold a player holds at the end (Gold Mines, "Game end").
// In vo's language.
func (vo Voice) ScoredWords(e engine.ScoreEvent) string {
	switch e.Source {
	case engine.SourceKing:
		return vo.t("turn.scored.king")
	case engine.SourceRobberBaron:
		return vo.t("turn.scored.robber_baron")
	case engine.SourceGoods:
		if d, ok := MostGoods(e); ok {
			return vo.t("turn.scored.most_" + d.String())
		}
		return vo.t("turn.scored.goods")
	case engine.SourceGold:
		return vo.Plural(e.Tiles, "gold ingot")
	}
	w := vo.FeatureWord(e.Feature)
	if e.Markers&engine.Besieged != 0 {
		w = vo.t("turn.scored.besieged", "Feature", w)
	}
	with := vo.ScoreExtras(e)
	if e.Pig {
		with = append(with, vo.t("turn.extra.pig"))
	}
	if e.Magic != engine.MagicNone {
		with = append(with, vo.t("turn.extra."+e.Magic.String()))
	}
	if len(with) > 0 {
		w = vo.t("turn.scored.with", "Feature", w, "Extras", vo.JoinAnd(with))
	}
	return w
}

// towerWords says what a move does with towers, from game g before it:
// the ransom first ("Alice pays Bob 3 points to free her follower. "),
// then, after the placement's words, the tower piece or the follower on
// top and the capture (" Alice takes Bob's knight at (1,1) prisoner.").
func (vo Voice) towerWords(g *engine.Game, m engine.Move, names Names) (before, after string) {
	who := names.of(g, g.Current())
	if m.Ransomed {
		before = vo.n("turn.ransom", engine.RansomPoints, "Player", who, "Jailer", names.of(g, m.Ransom.Jailer), "Figure", vo.Figure(m.Ransom.Figure)) + " "
	}
	switch m.Tower {
	case engine.TowerPiece:
		h := 1
		for _, tw := range g.Towers() {
			if tw.Cell == m.TowerCell {
				h = tw.Height + 1
			}
		}
		if h == 1 {
			after = sentence(vo.t("turn.tower.build", "Player", who, "Cell", m.TowerCell.String()))
		} else {
			after = sentence(vo.n("turn.tower.piece", h, "Player", who, "Cell", m.TowerCell.String()))
		}
	case engine.TowerTop:
		after = sentence(vo.t("turn.tower.top", "Player", who, "Figure", vo.Figure(m.Figure), "Cell", m.TowerCell.String()))
	}
	if m.Capture != (engine.Target{}) {
		owner, what := vo.figureAt(g, m.Capture)
		if owner == g.Current() {
			after += sentence(vo.t("turn.capture.own", "Player", who, "What", what))
		} else {
			after += sentence(vo.t("turn.capture", "Player", who, "Target", vo.FigureAt(g, names, m.Capture)))
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
func (vo Voice) exchangeWords(before, after *engine.Game, m engine.Move, names Names) string {
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
	return sentence(vo.t("turn.exchange", "Player", names.of(after, cur), "Other", names.of(after, owner)))
}

// DragonWords says what the dragon did in the turn just played on g
// (engine.Game.LastDragon): " The dragon flies to the volcano at (1,0).",
// " The dragon goes to (1,0) and (2,0) and eats Bob's knight at (2,0)."
// In vo's language.
func (vo Voice) DragonWords(g *engine.Game, turn int, names Names) string {
	dm := g.LastDragon()
	if dm.Turn != turn || len(dm.Path) == 0 {
		return ""
	}
	if dm.Volcano {
		return sentence(vo.t("turn.dragon.volcano", "Cell", dm.Path[0].String()))
	}
	var cells []string
	for _, c := range dm.Path {
		cells = append(cells, "("+c.String()+")")
	}
	var eaten []string
	for _, f := range dm.Eaten {
		what := vo.Figure(f.Figure)
		if f.Figure <= engine.FigureLarge && f.Kind != engine.NoFeature {
			what = vo.Role(f.Kind)
			if f.Figure == engine.FigureLarge {
				what = vo.largeRole(f.Kind)
			}
		}
		eaten = append(eaten, vo.t("turn.whose", "Player", names.of(g, f.Player), "What", vo.t("turn.at", "What", what, "Cell", f.Cell.String())))
	}
	if len(eaten) > 0 {
		return sentence(vo.t("turn.dragon.eats", "Cells", vo.JoinAnd(cells), "Eaten", vo.JoinAnd(eaten)))
	}
	return sentence(vo.t("turn.dragon.goes", "Cells", vo.JoinAnd(cells)))
}

// dragonMoveWords says what move m does with the princess, the fairy and
// the portal, from game g before it.
func (vo Voice) dragonMoveWords(g *engine.Game, m engine.Move, names Names) string {
	who := names.of(g, g.Current())
	switch {
	case m.Princess != (engine.Target{}):
		return sentence(vo.t("turn.princess", "Target", vo.FigureAt(g, names, m.Princess)))
	case m.Fairy:
		return sentence(vo.t("turn.fairy", "Player", who, "Cell", m.FairyCell.String()))
	case m.Portal:
		// The follower through the portal, on its feature of the tile
		// there: "knight on the city (north) at (6,-1)".
		t := engine.Target{Cell: m.PortalCell, Port: m.Follower}
		k, _, ok := feature(g, t)
		if !ok {
			return sentence(vo.t("turn.portal", "Player", who, "Cell", m.PortalCell.String()))
		}
		return sentence(vo.t("turn.portal_to", "Player", who, "Figure", vo.figureRole(m.Figure, k), "At", vo.At(g, t)))
	}
	return ""
}

// magicWords says what move m did with the mage or witch, on game g
// before it: " The mage goes to the city (north) at (1,0)."
func (vo Voice) magicWords(g *engine.Game, m engine.Move) string {
	if m.Magic == engine.MagicNone {
		return ""
	}
	if m.MagicAt == (engine.Target{}) {
		return sentence(vo.t("turn.magic.leaves_" + m.Magic.String()))
	}
	after := g.Clone()
	after.Reset()
	after.Play(m)
	return sentence(vo.t("turn.magic.goes_"+m.Magic.String(), "At", vo.At(after, m.MagicAt)))
}

// At names the feature at t on game g with its tile, as the step messages
// and summaries write it; in the middle of a turn the tile just placed is
// read as it lies (engine.Game.Preview): "city (north) at (2,0)".
// In vo's language.
func (vo Voice) At(g *engine.Game, t engine.Target) string {
	if _, ok := g.TileAt(t.Cell); !ok {
		if pv := g.Preview(); pv != nil {
			g = pv
		}
	}
	return vo.t("turn.at", "What", vo.FeatureName(g, t), "Cell", t.Cell.String())
}

// goldWords says where move m put its gold ingots: " Gold ingots on
// (1,0) and (2,1)."
func (vo Voice) goldWords(m engine.Move) string {
	if !m.Gold {
		return ""
	}
	return sentence(vo.t("turn.gold", "Cell", m.Cell.String(), "Other", m.GoldCell.String()))
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
func (vo Voice) goldTakenWords(g *engine.Game, held []int, names Names) string {
	s := ""
	for p, n := range held {
		if d := g.Gold(p) - n; d > 0 {
			s += sentence(vo.n("turn.gold_taken", d, "Player", names.of(g, p)))
		}
	}
	return s
}

// FerryWords says what move m did with the ferries: " The ferry at (1,0)
// joins the roads north and south. The ferry at (3,0) moves to join east
// and west."
// In vo's language.
func (vo Voice) FerryWords(m engine.Move) string {
	s := ""
	if m.Ferry != 0 {
		s += sentence(vo.t("turn.ferry.joins", "Cell", m.Cell.String(), "Link", vo.LinkWords(m.Ferry)))
	}
	for _, fm := range m.FerryMoves.All() {
		s += sentence(vo.t("turn.ferry.moves", "Cell", fm.Cell.String(), "Link", vo.LinkWords(fm.Link)))
	}
	return s
}

// FlyerWord names a flying figure of kind f: "follower", "large follower".
// In vo's language.
func (vo Voice) FlyerWord(f engine.Figure) string {
	if f == engine.FigureLarge {
		return vo.Figure(engine.FigureLarge)
	}
	return vo.Figure(engine.FigureFollower)
}

// flyerKey is FlyerWord in English as message ids end.
func flyerKey(f engine.Figure) string {
	if f == engine.FigureLarge {
		return "large"
	}
	return "follower"
}

// flyWords says what the flight of move m did, on game g before it: " 🎲
// The follower flies: the die shows 2, and it lands on the city (north) at
// (2,0)." With m.Roll 0 (the die not rolled yet) it says nothing.
func (vo Voice) flyWords(g *engine.Game, m engine.Move) string {
	if !m.Fly || m.Roll == 0 {
		return ""
	}
	d := []any{"Figure", vo.FlyerWord(m.Figure), "Roll", int(m.Roll)}
	if m.Land == (engine.Target{}) {
		if c, ok := g.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll)); ok {
			return sentence(vo.t("turn.fly.nowhere_at", append(d, "Cell", c.String())...))
		}
		return sentence(vo.t("turn.fly.nowhere", d...))
	}
	return sentence(vo.t("turn.fly.lands", append(d, "At", vo.At(g, m.Land))...))
}

// rollWords says the die of a flight whose landing is still to be chosen:
// " 🎲 The die shows 2: the follower flies to (0,-2)."
func (vo Voice) rollWords(g *engine.Game, m engine.Move) string {
	if !m.Fly || m.Roll == 0 {
		return ""
	}
	c, _ := g.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll))
	return sentence(vo.t("turn.fly.roll", "Roll", int(m.Roll), "Figure", vo.FlyerWord(m.Figure), "Cell", c.String()))
}

// cropWords says the crop circle of move m, played by player p on game g
// before it: " Crop circle: Alice chose to add; 2 followers added.", "…; no
// follower added."
func (vo Voice) cropWords(g *engine.Game, p int, m engine.Move, names Names) string {
	if m.Crop == engine.CropNone {
		return ""
	}
	n := 0
	for i := range m.CropPicks.Len() {
		if m.CropPicks.At(i).Target != (engine.Target{}) {
			n++
		}
	}
	if n == 0 {
		return sentence(vo.t("turn.crop_none."+m.Crop.String(), "Player", names.of(g, p)))
	}
	return sentence(vo.n("turn.crop."+m.Crop.String(), n, "Player", names.of(g, p)))
}

// GoodsWords says the goods tokens taken between two counts of a player's
// goods (Traders & Builders): "2 grain and 1 wine", "" when none.
// In vo's language.
func (vo Voice) GoodsWords(before, after [engine.NumGoods]int) string {
	var parts []string
	for d := range engine.NumGoods {
		if n := after[d] - before[d]; n > 0 {
			parts = append(parts, vo.n("turn.goods."+d.String(), n))
		}
	}
	return vo.JoinAnd(parts)
}

// Plural returns "1 tile", "2 tiles", "3 cities".
func Plural(n int, one string) string { return english.Plural(n, one) }

// countIDs are the nouns Voice.Plural counts in every language, by their
// English singular.
var countIDs = map[string]string{
	"point": "turn.count.point", "tile": "turn.count.tile", "follower": "turn.count.follower",
	"tower piece": "turn.count.tower_piece", "gold ingot": "turn.count.gold_ingot", "token": "turn.count.token",
	"pennant": "turn.count.pennant", "completed city": "turn.count.completed_city", "city": "turn.count.city",
	"game": "turn.count.game", "prisoner": "turn.count.prisoner",
}

// Plural is [Plural] in vo's language, for the nouns it knows (English
// singular: "point", "tile", "follower", "tower piece", "gold ingot",
// "token", "pennant", "completed city", "city", "game", "prisoner", each a
// message turn.count.…, with the plural forms of the language); any other
// noun is counted in English.
func (vo Voice) Plural(n int, one string) string {
	if id, ok := countIDs[one]; ok && n >= 0 {
		return vo.n(id, n)
	}
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
// knight home.", "Bob adds a follower on the city (north) at (3,0).", "Eve
// puts the fairy on (3,-8).", "Alice deploys a thief on the road (east
// and west) at (2,0).", and for the steps without words of their own the
// option's label: "Alice: ….".
// In vo's language.
func (vo Voice) StepWords(g *engine.Game, a engine.Answer, names Names) string {
	name := names.of(g, g.Pending().Player)
	switch a.Step {
	case engine.StepDragon:
		return vo.t("turn.step.dragon", "Player", name, "Arrow", HeadingArrow(dragonNow(g), a.Cell), "Cell", a.Cell.String())
	case engine.StepEscape:
		if a.Target.Port == engine.NoPort {
			return vo.t("turn.step.no_escape", "Player", name)
		}
		return vo.t("turn.step.escape", "Player", name, "Cell", a.Target.Cell.String())
	case engine.StepCropPick:
		switch {
		case a.Target == (engine.Target{}):
			return vo.t("turn.step.pass", "Player", name)
		case a.Return && a.Figure == engine.FigureLarge:
			return vo.t("turn.step.crop_return_large", "Player", name, "At", vo.At(g, a.Target))
		case a.Return:
			return vo.t("turn.step.crop_return", "Player", name, "At", vo.At(g, a.Target))
		}
		return vo.t("turn.step.crop_add_"+flyerKey(a.Figure), "Player", name, "At", vo.At(g, a.Target))
	case engine.StepMagic:
		return vo.t("turn.step.magic", "Player", name, "Where", vo.MagicWhere(g, a.Magic, a.Target))
	case engine.StepCrop:
		return vo.t("turn.step.crop_"+a.Crop.String(), "Player", name)
	case engine.StepFerry:
		return vo.t("turn.step.ferry", "Player", name, "Link", vo.LinkWords(a.Link))
	case engine.StepFerryMove:
		if a.Link == 0 {
			return vo.t("turn.step.no_ferry_move", "Player", name)
		}
		return vo.t("turn.step.ferry_move", "Player", name, "Cell", a.Cell.String(), "Link", vo.LinkWords(a.Link))
	case engine.StepLand:
		if a.Target == (engine.Target{}) {
			return vo.t("turn.step.land_supply", "Player", name)
		}
		return vo.t("turn.step.land", "Player", name, "At", vo.At(g, a.Target))
	case engine.StepRobber, engine.StepRob, engine.StepPawn, engine.StepMessage:
		return vo.boardStepWords(g, a, name, names)
	}
	if a.Step == engine.StepFigure && a.Fairy {
		// The option speaks to the player ("Fairy – next to your
		// knight"); the step message, to everyone, as the summary does.
		return vo.t("turn.fairy", "Player", name, "Cell", a.Cell.String())
	}
	if w := vo.figureStepWords(g, a, name, names); w != "" {
		return w
	}
	// The other steps by their option's words: "Alice: …."
	answer := a.String()
	if o, err := vo.Lookup(g, names, answer); err == nil {
		switch {
		case o.Kind == KindPass && a.Step == engine.StepFigure:
			return vo.t("turn.step.no_follower", "Player", name)
		case o.Kind == KindPass && a.Step == engine.StepCapture:
			return vo.t("turn.step.no_prisoner", "Player", name)
		}
		answer = o.Label
	}
	return vo.t("turn.step.other", "Player", name, "Answer", answer)
}

// dragonNow is where the dragon stands in the middle of a turn on g, its
// steps so far taken (engine.Game.Preview).
func dragonNow(g *engine.Game) engine.Cell {
	if pv := g.Preview(); pv != nil {
		if c, ok := pv.Dragon(); ok {
			return c
		}
	}
	c, _ := g.Dragon()
	return c
}

// figureStepWords says answer a to a figure step, a capture or a gold
// ingot step on game g (in the middle of the turn, name deciding) as the
// summary says it, to everyone: "Bob deploys a thief on the road (east)
// at (3,4).", "Bob builds a tower at (1,0).", "Bob takes Eve's knight at
// (2,2) prisoner.", "Gold ingots on (0,1) and (1,1).". It returns "" for a
// pass, the fairy (said apart) and the other steps.
func (vo Voice) figureStepWords(g *engine.Game, a engine.Answer, name string, names Names) string {
	board, placed := g, engine.Cell{}
	if pv := g.Preview(); pv != nil {
		board = pv
		if ms := pv.Moves(); len(ms) > 0 {
			placed = ms[len(ms)-1].Cell
		}
	}
	var w string
	switch {
	case a.Step == engine.StepGold:
		w = vo.goldWords(engine.Move{Gold: true, Cell: placed, GoldCell: a.Cell})
	case a.Step == engine.StepCapture && a.Target != (engine.Target{}):
		_, w = vo.towerWords(g, engine.Move{Capture: a.Target}, names)
	case a.Step != engine.StepFigure || a.Fairy:
	case a.Tower != engine.TowerNone:
		_, w = vo.towerWords(g, engine.Move{Tower: a.Tower, TowerCell: a.Cell, Figure: a.Figure}, names)
	case a.Princess:
		w = vo.dragonMoveWords(g, engine.Move{Princess: a.Target}, names)
	case a.Portal:
		w = vo.dragonMoveWords(g, engine.Move{Portal: true, PortalCell: a.Cell, Follower: a.Port, Figure: a.Figure}, names)
	case a.Fly:
		w = vo.t("turn.step.fly", "Player", name, "Figure", vo.FlyerWord(a.Figure))
	case a.Port != engine.NoPort:
		t := engine.Target{Cell: placed, Port: a.Port}
		w = vo.t("turn.step.deploy", "Player", name, "Figure", vo.figureRole(a.Figure, FeatureKind(board, t)), "At", vo.At(board, t))
	}
	return strings.TrimSpace(w)
}

// figureRole names figure fig on a feature of kind k as the summaries do:
// the follower by its role ("thief"), the large follower with it ("large
// follower (knight)"), the builder and the pig by themselves.
func (vo Voice) figureRole(fig engine.Figure, k engine.FeatureKind) string {
	switch {
	case fig.Weight() == 0:
		return vo.Figure(fig)
	case fig != engine.FigureFollower:
		return vo.t("turn.figure_role", "Figure", vo.Figure(fig), "Role", vo.Role(k))
	}
	return vo.Role(k)
}

// MagicWhere names where a mage or witch answer puts its figure, on game
// g: "the mage on the city (north) at (1,0)", "the witch off the board".
// In vo's language.
func (vo Voice) MagicWhere(g *engine.Game, f engine.MagicFigure, t engine.Target) string {
	if t == (engine.Target{}) {
		return vo.t("turn.magic.off_" + f.String())
	}
	return vo.t("turn.magic.to_"+f.String(), "At", vo.At(g, t))
}
