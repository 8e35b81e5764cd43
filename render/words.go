package render

import (
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"golang.org/x/image/font"
)

// The words of the pictures (issue 34) are messages of package i18n whose
// ids start with "render.", in i18n/locales/render.<tag>.toml: whole
// phrases with placeholders ("Turn {{.Turn}}", "{{.Player}} took 2
// points"), counts in each language's plural forms (Lang.N). A picture
// reads them in its scene's language (scene.lang, set by Renderer.In);
// English, the source, draws the pictures as they always were.

// t returns message id in the picture's language, its placeholders filled
// from data (nil: none).
func (sc *scene) t(id string, data map[string]any) string {
	return sc.lang.T(id, data)
}

// n returns count message id in the picture's language, in the plural form
// of count ({{.Count}}), its other placeholders filled from data.
func (sc *scene) n(id string, count int, data map[string]any) string {
	return sc.lang.N(id, count, data)
}

// holeMark stands for a placeholder while a message is split around it
// (splitAround); no message holds it.
const holeMark = "\x00"

// splitAround returns message id in l with placeholder key (filled from
// nowhere) cut out: the text before it and after it, so that what goes in
// its place is drawn in a face of its own (a player's name in bold)
// wherever the language puts it. data fills the other placeholders; a
// message without the placeholder is all before.
func splitAround(l i18n.Lang, id, key string, data map[string]any) (before, after string) {
	d := make(map[string]any, len(data)+1)
	for k, v := range data {
		d[k] = v
	}
	d[key] = holeMark
	s := l.T(id, d)
	before, after, _ = strings.Cut(s, holeMark)
	return before, after
}

// joinNamesIn returns names joined in l: "A", "A and B", "A, B and C"
// (render.list.and joins the list so far to the last name).
func joinNamesIn(l i18n.Lang, names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return l.T("render.list.and", map[string]any{
		"List": strings.Join(names[:len(names)-1], ", "),
		"Last": names[len(names)-1],
	})
}

// keyIDs are the message ids of the entries of the key, by entry.
var keyIDs = [numKeyEntries]string{
	keyMagic:      "render.key.magic",
	keyDragonMark: "render.key.dragon_moves",
	keyFairy:      "render.key.fairy",
	keyWitch:      "render.key.witch",
	keyMage:       "render.key.mage",
	keyDragon:     "render.key.dragon",
	keyTrail:      "render.key.dragon_way",
	keyPortal:     "render.key.portal",
	keyVolcano:    "render.key.volcano",
	keyPrincess:   "render.key.princess",
	keyCrop:       "render.key.crop_circle",
	keyBag:        "render.key.bag",
	keyMachine:    "render.key.flying_machine",
	keyFlight:     "render.key.flight",
	keyGoldMine:   "render.key.gold_mine",
	keyIngots:     "render.key.gold_ingots",
	keyTower:      "render.key.tower",
	keyFoundation: "render.key.tower_base",
	keyFerry:      "render.key.ferry",
	keySiege:      "render.key.siege",
	keyPigHerd:    "render.key.pig_herd",
	keyInn:        "render.key.inn",
	keyCathedral:  "render.key.cathedral",
	keyWine:       "render.key.wine",
	keyGrain:      "render.key.grain",
	keyCloth:      "render.key.cloth",
	keyBuilder:    "render.key.builder",
	keyPig:        "render.key.pig",
	keyCityClosed: "render.key.city_completed",
	keyCityOpen:   "render.key.city_open",
}

// keyLabel returns the words of entry e of the key in l.
func keyLabel(l i18n.Lang, e keyEntry) string {
	if e < numKeyEntries {
		return l.T(keyIDs[e], nil)
	}
	return "?"
}

// sourceID returns the message id of the title of column s of the final
// table: render.source. and its English title in lower case, spaces as
// underscores ("render.source.robber_baron").
func sourceID(s scoreSource) string {
	return "render.source." + strings.ReplaceAll(strings.ToLower(s.title), " ", "_")
}

// messageIDs are the message ids of the effects of the Message tiles, by
// number (001_…, "The Message tiles"; rules-options.md, "The
// Messengers"): a road, city or cloister "scores" as at the end, for the
// player alone.
var messageIDs = [...]string{
	engine.MessageShortestRoad:     "render.message.effect.shortest_road",
	engine.MessageSmallestCity:     "render.message.effect.smallest_city",
	engine.MessageSmallestCloister: "render.message.effect.smallest_cloister",
	engine.MessagePennants:         "render.message.effect.pennants",
	engine.MessageKnights:          "render.message.effect.knights",
	engine.MessageFarmers:          "render.message.effect.farmers",
	engine.MessageTile:             "render.message.effect.tile",
	engine.MessageFollower:         "render.message.effect.follower",
}

// messageEffectIn returns the effect of Message tile n in l's words; the
// engine's title of it for a number outside 1 to 8.
func messageEffectIn(l i18n.Lang, n engine.Message) string {
	if int(n) < len(messageIDs) && messageIDs[n] != "" {
		return l.T(messageIDs[n], nil)
	}
	return n.Title()
}

// MessageTextIn returns Message tile n and its effect in language l, as
// the pictures of Renderer.In(l) show it: "Botschaft 4: 2 Punkte je
// Wappen in deinen Städten". MessageText is MessageTextIn(i18n.English,
// n).
func MessageTextIn(l i18n.Lang, n engine.Message) string {
	return l.T("render.message.text", map[string]any{"Number": n.String(), "Effect": messageEffectIn(l, n)})
}

// fitFace returns the face of k, bold or not, in which s fits w pixels:
// size pixels, or smaller down to minSize (then s may still be wider).
func fitFace(k *kit, bold bool, size, minSize int, s string, w int) font.Face {
	for size > minSize && textWidth(k.face(bold, size), s) > w {
		size--
	}
	return k.face(bold, size)
}

// roleIn returns the rulebook's name in l of a follower on a feature of
// kind k (engine.FeatureKind.Role): thief, knight, monk, farmer.
func roleIn(l i18n.Lang, k engine.FeatureKind) string {
	switch k {
	case engine.Road:
		return l.T("render.role.thief", nil)
	case engine.City:
		return l.T("render.role.knight", nil)
	case engine.Cloister:
		return l.T("render.role.monk", nil)
	case engine.Field:
		return l.T("render.role.farmer", nil)
	}
	return l.T("render.role.follower", nil)
}

// featureIn returns the name in l of a feature of kind k
// (engine.FeatureKind.String): road, city, cloister, field.
func featureIn(l i18n.Lang, k engine.FeatureKind) string {
	switch k {
	case engine.Road:
		return l.T("render.feature.road", nil)
	case engine.City:
		return l.T("render.feature.city", nil)
	case engine.Cloister:
		return l.T("render.feature.cloister", nil)
	case engine.Field:
		return l.T("render.feature.field", nil)
	}
	return k.String()
}

// figureIn returns figure f's name in l (engine.Figure.Title): follower,
// large follower, builder, pig.
func figureIn(l i18n.Lang, f engine.Figure) string {
	switch f {
	case engine.FigureFollower:
		return l.T("render.figure.follower", nil)
	case engine.FigureLarge:
		return l.T("render.figure.large", nil)
	case engine.FigureBuilder:
		return l.T("render.figure.builder", nil)
	case engine.FigurePig:
		return l.T("render.figure.pig", nil)
	}
	return f.Title()
}

// compassIDs are the message ids of the compass words of
// engine.PortSet.Direction.
var compassIDs = map[string]string{
	"north": "render.compass.north", "north-east": "render.compass.north_east",
	"east": "render.compass.east", "south-east": "render.compass.south_east",
	"south": "render.compass.south", "south-west": "render.compass.south_west",
	"west": "render.compass.west", "north-west": "render.compass.north_west",
}

// directionIn returns where ports ps meet the edge of their tile in l's
// compass words (engine.PortSet.Direction: "north-east and north-west"),
// "" when nowhere in particular.
func directionIn(l i18n.Lang, ps engine.PortSet) string {
	d := ps.Direction()
	if d == "" {
		return ""
	}
	var words []string
	for _, part := range strings.Split(d, ", ") {
		for _, w := range strings.Split(part, " and ") {
			id, ok := compassIDs[w]
			if !ok {
				return d // a word the engine added since: as it is
			}
			words = append(words, l.T(id, nil))
		}
	}
	return joinNamesIn(l, words)
}

// spotNameIn returns how the preview names spot s for figure fig in l:
// the follower's role, the feature and where it meets the edge of the
// tile, as engine.Spot.Name ("knight – city (north)"), "large knight – …"
// for the large follower, "builder – city (north)" and "pig – field (…)"
// for the builder and the pig.
func spotNameIn(l i18n.Lang, s engine.Spot, fig engine.Figure) string {
	role := roleIn(l, s.Kind)
	if fig == engine.FigureBuilder || fig == engine.FigurePig {
		role = figureIn(l, fig)
	}
	data := map[string]any{"Role": role, "Feature": featureIn(l, s.Kind)}
	name := l.T("render.spot.name_centre", data)
	if d := directionIn(l, s.Ports); d != "" && s.Kind != engine.Cloister {
		data["Where"] = d
		name = l.T("render.spot.name", data)
	}
	if fig == engine.FigureLarge {
		name = l.T("render.spot.large", map[string]any{"Spot": name})
	}
	return name
}
