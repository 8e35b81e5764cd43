package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// Custom ids of the components. Every id starts with "cc:" and the action,
// then the game id; turn components carry the number of moves stored when
// they were made, so a component from an earlier turn is recognised, and the
// preview's components carry the whole choice (cell, rotation, port and
// the kind of figure), so the bot keeps no state between clicks.
const idPrefix = "cc"

// The component actions.
const (
	actJoin        = "join"
	actLeave       = "leave"
	actStart       = "start"
	actCancel      = "cancel"
	actCell        = "cell"      // the turn message's select menu
	actRotL        = "rotl"      // ⟲
	actRotR        = "rotr"      // ⟳
	actSpot        = "spot"      // the follower select menu
	actOK          = "ok"        // Confirm
	actBack        = "back"      // Back
	actBoard       = "board"     // the turn message's Whole board button
	actExp         = "exp"       // the lobby's Expansions… menu
	actEsc         = "esc"       // the preview's Escape… menu (the Cathars)
	actPig         = "pig"       // the lobby's Pig… menu (Traders & Builders' option pig)
	actDragonOpt   = "odragon"   // the lobby's Dragon… menu (The Princess & the Dragon's option dragon)
	actPrincessOpt = "oprincess" // the lobby's Princess… menu (its option princess)
	actCPU         = "cpu"       // the lobby's Add computer player button
	actCPUAdd      = "cpuadd"    // its menu of levels, with the number of computers seated
	actCPURm       = "cpurm"     // the lobby's Remove button
	actCPUDel      = "cpudel"    // its menu of the computers seated
	actCap         = "cap"       // the preview's Take prisoner… menu (The Tower)
	actRansom      = "ransom"    // the turn message's Ransom button (The Tower)
	actRanPay      = "ranpay"    // the Ransom button's menu of prisoners to free
	actGold        = "gold"      // the preview's Second gold ingot… menu (The Gold Mines)
	actFerry       = "ferry"     // the preview's Ferry… menu (The Ferries)
	actFMove       = "fmove"     // the preview's Move ferries… menu (The Ferries)
	actMagic       = "magic"     // the preview's Mage or witch… menu (Mage & Witch)
	actCrop        = "crop"      // the preview's Crop circle… menu (The Crop Circles)
)

// choice is a placement being previewed.
type choice struct {
	game  int64
	moves int
	cell  engine.Cell
	rot   engine.Rotation
	figChoice
	// escape is the knight taken back from a besieged city (the Cathars);
	// Port NoPort: none.
	escape engine.Target
	// capture is the figure a tower piece takes prisoner (The Tower; the
	// zero Target: none).
	capture engine.Target
	// ransomed pays ransom at the start of the turn (The Tower).
	ransomed bool
	ransom   engine.Ransom
	// gold puts the second gold ingot on the tile at gcell (The Gold
	// Mines), for a tile with a gold mine.
	gold  bool
	gcell engine.Cell
	// ferry is the ferry of a lake tile (The Ferries; 0: none chosen),
	// fmoves the ferries the tile moves.
	ferry  engine.FerryLink
	fmoves engine.FerryMoves
	// magic puts the mage or the witch on mat (Mage & Witch; the zero
	// Target takes it off the board); crop is the crop circle's choice
	// (The Crop Circles).
	magic engine.MagicFigure
	mat   engine.Target
	crop  engine.CropChoice
	// robber is the player whose pawn the current player's robber goes
	// by after a tile with a bag (The Robbers; seat from 1, 0 for none),
	// robberMsg by their messenger.
	robber    int
	robberMsg bool
	// page is the page a player turned to in one of the preview's menus
	// (paged.go); it chooses nothing.
	page pageAt
}

// figChoice is what a turn does in its figure step: a figure of kind fig
// on port of the tile placed (port NoPort: none); or, with The Tower, a
// tower piece on, or a figure of kind fig on top of, the tower on tcell;
// or, with The Princess & the Dragon, a figure of kind fig through the
// magic portal onto port of the tile on pcell (port NoPort while the spot
// is not chosen yet), the princess sending the knight at princess home,
// or the fairy onto the tile on fcell (by the follower on port there, when
// the player has several; NoPort otherwise); or, with The Flying Machines, a
// figure of kind fig onto the flying machine (fly). Only one of them is
// set.
type figChoice struct {
	port     engine.Port   // NoPort: no follower
	fig      engine.Figure // the kind of figure standing on port
	tower    engine.TowerAction
	tcell    engine.Cell
	portal   bool
	pcell    engine.Cell
	princess engine.Target
	fairy    bool
	fcell    engine.Cell
	fly      bool
}

// plain reports whether f deploys a figure on the tile placed, or none.
func (f figChoice) plain() bool {
	return f.tower == engine.TowerNone && !f.portal && f.princess == (engine.Target{}) && !f.fairy && !f.fly
}

// figValue names a figChoice for the Follower… menu's values and the
// preview's custom ids: spotValue for a figure on the tile placed (or
// none), towerValue for a tower, "portal@x/y" for the magic portal's tile
// before its spot, "portal.FIGURE@x/y/PORT" for a figure through it,
// "princess@x/y/PORT" for the knight the princess sends home, "fairy@x/y"
// for the fairy ("fairy@x/y/PORT" by one of several followers there), "fly" and "fly.large" for a figure onto the flying
// machine.
func figValue(f figChoice) string {
	switch {
	case f.fly && f.fig == engine.FigureFollower:
		return "fly"
	case f.fly:
		return "fly." + f.fig.String()
	case f.tower != engine.TowerNone:
		return towerValue(f.tower, f.fig, f.tcell)
	case f.princess != (engine.Target{}):
		return "princess@" + targetValue(f.princess)
	case f.fairy && f.port != engine.NoPort:
		return "fairy@" + targetValue(engine.Target{Cell: f.fcell, Port: f.port})
	case f.fairy:
		return fmt.Sprintf("fairy@%d/%d", f.fcell.X, f.fcell.Y)
	case f.portal && f.port == engine.NoPort:
		return fmt.Sprintf("portal@%d/%d", f.pcell.X, f.pcell.Y)
	case f.portal:
		return "portal." + f.fig.String() + "@" + targetValue(engine.Target{Cell: f.pcell, Port: f.port})
	}
	port := "-"
	if f.port != engine.NoPort {
		port = f.port.String()
	}
	return spotValue(port, f.fig)
}

// parseFigValue reads a figValue.
func parseFigValue(v string) (figChoice, bool) {
	v = strings.TrimSpace(v)
	if a, fig, c, ok := parseTowerValue(v); ok {
		return figChoice{port: engine.NoPort, fig: fig, tower: a, tcell: c}, true
	}
	cellOf := func(s string) (engine.Cell, bool) {
		xs, ys, ok := strings.Cut(s, "/")
		x, err1 := strconv.Atoi(xs)
		y, err2 := strconv.Atoi(ys)
		return engine.Cell{X: x, Y: y}, ok && err1 == nil && err2 == nil
	}
	if v == "fly" {
		return figChoice{port: engine.NoPort, fig: engine.FigureFollower, fly: true}, true
	}
	if rest, ok := strings.CutPrefix(v, "fly."); ok {
		fig, ok := engine.ParseFigure(rest)
		return figChoice{port: engine.NoPort, fig: fig, fly: true}, ok && fig == engine.FigureLarge
	}
	if rest, ok := strings.CutPrefix(v, "princess@"); ok {
		t, ok := parseTargetValue(rest)
		if !ok || t.Port == engine.NoPort || t.Tower {
			return figChoice{}, false
		}
		return figChoice{port: engine.NoPort, princess: t}, true
	}
	if rest, ok := strings.CutPrefix(v, "fairy@"); ok {
		if strings.Count(rest, "/") == 2 {
			// By one of several followers on the tile: its feature's port.
			t, ok := parseTargetValue(rest)
			return figChoice{port: t.Port, fairy: true, fcell: t.Cell}, ok && t.Port != engine.NoPort && !t.Tower
		}
		c, ok := cellOf(rest)
		return figChoice{port: engine.NoPort, fairy: true, fcell: c}, ok
	}
	if rest, ok := strings.CutPrefix(v, "portal@"); ok {
		c, ok := cellOf(rest)
		return figChoice{port: engine.NoPort, portal: true, pcell: c}, ok
	}
	if rest, ok := strings.CutPrefix(v, "portal."); ok {
		f, at, ok := strings.Cut(rest, "@")
		fig, okf := engine.ParseFigure(f)
		t, okt := parseTargetValue(at)
		if !ok || !okf || fig > engine.FigureLarge || !okt || t.Port == engine.NoPort || t.Tower {
			return figChoice{}, false
		}
		return figChoice{port: t.Port, fig: fig, portal: true, pcell: t.Cell}, true
	}
	port, fig, ok := parseSpotValue(v)
	return figChoice{port: port, fig: fig}, ok
}

func lobbyID(action string, game int64) string {
	return fmt.Sprintf("%s:%s:%d", idPrefix, action, game)
}

// computerMenuID is the custom id of the levels menu of lobby game,
// opened when `seated` computers were seated.
func computerMenuID(action string, game int64, seated int) string {
	return fmt.Sprintf("%s:%s:%d:%d", idPrefix, action, game, seated)
}

func cellMenuID(game int64, moves, menu int) string {
	return cellMenuPrefix(game, moves) + strconv.Itoa(menu)
}

// cellMenuPrefix starts the custom ids of the cell menus of the turn after
// `moves` moves of a game: a turn message is recognised by it.
func cellMenuPrefix(game int64, moves int) string {
	return fmt.Sprintf("%s:%s:%d:%d:", idPrefix, actCell, game, moves)
}

func boardButtonID(game int64, moves int) string {
	return fmt.Sprintf("%s:%s:%d:%d", idPrefix, actBoard, game, moves)
}

func (c choice) id(action string) string {
	id := fmt.Sprintf("%s:%s:%d:%d:%d:%d:%d:%s", idPrefix, action, c.game, c.moves, c.cell.X, c.cell.Y, c.rot.Degrees(), figValue(c.figChoice))
	return id + c.extras()
}

// extras are the tagged fields of a choice's custom id after the spot:
// ":e=x/y/PORT" for an escape, ":c=x/y/PORT" (or "x/y/tower") for a
// capture, ":r=SEAT/FIGURE" for a ransom (ransomValue), ":g=x/y" for the
// tile of the second gold ingot, ":f=N+S" for the ferry of a lake tile,
// ":m=x/y/N+S,…" for the ferries moved (ferryMovesValue), ":w=mage@x/y/PORT"
// for the mage or witch (magicValue), ":o=add" for the crop circle's
// choice, ":b=2" (":b=2m") for the robber by seat 2's marker (messenger),
// ":p=spot/1" for the page turned to in a menu; "" when none.
func (c choice) extras() string {
	s := ""
	if c.escape.Port != engine.NoPort {
		s += ":e=" + targetValue(c.escape)
	}
	if c.capture != (engine.Target{}) {
		s += ":c=" + targetValue(c.capture)
	}
	if c.ransomed {
		s += ":r=" + ransomValue(c.ransom)
	}
	if c.gold {
		s += fmt.Sprintf(":g=%d/%d", c.gcell.X, c.gcell.Y)
	}
	if c.ferry != 0 {
		s += ":f=" + c.ferry.String()
	}
	if c.fmoves.Len() > 0 {
		s += ":m=" + ferryMovesValue(c.fmoves)
	}
	if c.magic != engine.MagicNone {
		s += ":w=" + magicValue(c.magic, c.mat)
	}
	if c.crop != engine.CropNone {
		s += ":o=" + c.crop.String()
	}
	if c.robber != 0 {
		s += ":b=" + robberValue(c.robber, c.robberMsg)
	}
	if c.page != (pageAt{}) {
		s += ":p=" + c.page.value()
	}
	return s
}

// readExtras reads the tagged fields of extras into c; an untagged field
// is an escape (the form of ids made before the tags).
func (c *choice) readExtras(fields []string) bool {
	for _, f := range fields {
		tag, v, ok := strings.Cut(f, "=")
		if !ok {
			tag, v = "e", f
		}
		switch tag {
		case "e":
			t, ok := parseTargetValue(v)
			if !ok || t.Port == engine.NoPort || t.Tower {
				return false
			}
			c.escape = t
		case "c":
			t, ok := parseTargetValue(v)
			if !ok || t == (engine.Target{}) {
				return false
			}
			c.capture = t
		case "r":
			r, ok := parseRansomValue(v)
			if !ok {
				return false
			}
			c.ransomed, c.ransom = true, r
		case "g":
			cell, ok := parseCellValue(v)
			if !ok {
				return false
			}
			c.gold, c.gcell = true, cell
		case "f":
			l, ok := engine.ParseFerryLink(v)
			if !ok {
				return false
			}
			c.ferry = l
		case "m":
			fm, ok := parseFerryMovesValue(v)
			if !ok {
				return false
			}
			c.fmoves = fm
		case "w":
			f, t, ok := parseMagicValue(v)
			if !ok {
				return false
			}
			c.magic, c.mat = f, t
		case "o":
			cc, ok := parseCropValue(v)
			if !ok {
				return false
			}
			c.crop = cc
		case "b":
			seat, msg, ok := parseRobberValue(v)
			if !ok || seat == 0 {
				return false
			}
			c.robber, c.robberMsg = seat, msg
		case "p":
			pg, ok := parsePageAt(v)
			if !ok {
				return false
			}
			c.page = pg
		default:
			return false
		}
	}
	return true
}

// parseCellValue reads a cell written "x/y" in a custom id or a menu's
// value.
func parseCellValue(v string) (engine.Cell, bool) {
	xs, ys, ok := strings.Cut(v, "/")
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	return engine.Cell{X: x, Y: y}, ok && err1 == nil && err2 == nil
}

// targetValue names a feature on the board for a custom id or a menu's
// value: "x/y/PORT" ("0/-1/S"), or "x/y/tower" for the follower on top of
// a tower (The Tower).
func targetValue(t engine.Target) string {
	if t.Tower {
		return fmt.Sprintf("%d/%d/tower", t.Cell.X, t.Cell.Y)
	}
	return fmt.Sprintf("%d/%d/%s", t.Cell.X, t.Cell.Y, t.Port)
}

// parseTargetValue reads a targetValue; "-" is none.
func parseTargetValue(v string) (engine.Target, bool) {
	if v == "-" {
		return engine.Target{}, true
	}
	f := strings.Split(v, "/")
	if len(f) != 3 {
		return engine.Target{}, false
	}
	x, err1 := strconv.Atoi(f[0])
	y, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return engine.Target{}, false
	}
	c := engine.Cell{X: x, Y: y}
	if f[2] == "tower" {
		return engine.Target{Cell: c, Tower: true}, true
	}
	p, ok := engine.ParsePort(f[2])
	if !ok || p == engine.NoPort {
		return engine.Target{}, false
	}
	return engine.Target{Cell: c, Port: p}, true
}

// ransomValue names a ransom for a custom id or a menu's value:
// "SEAT/FIGURE", the jailer's index in turn order and the figure freed
// ("1/follower", "0/large").
func ransomValue(r engine.Ransom) string {
	return fmt.Sprintf("%d/%s", r.Jailer, r.Figure)
}

// parseRansomValue reads a ransomValue.
func parseRansomValue(v string) (engine.Ransom, bool) {
	j, f, ok := strings.Cut(v, "/")
	if !ok {
		return engine.Ransom{}, false
	}
	n, err := strconv.Atoi(j)
	fig, ok := engine.ParseFigure(f)
	if err != nil || !ok || n < 0 || n >= engine.MaxPlayers || fig > engine.FigureLarge {
		return engine.Ransom{}, false
	}
	return engine.Ransom{Jailer: n, Figure: fig}, true
}

// towerValue names a tower action for the Follower… menu's values and the
// preview's custom ids: "tower@x/y" for a tower piece on the tower on cell
// c, "top@x/y" for a follower on top of it, "top.large@x/y" for the large
// follower.
func towerValue(a engine.TowerAction, fig engine.Figure, c engine.Cell) string {
	at := fmt.Sprintf("@%d/%d", c.X, c.Y)
	switch {
	case a == engine.TowerPiece:
		return "tower" + at
	case fig == engine.FigureFollower:
		return "top" + at
	}
	return "top." + fig.String() + at
}

// parseTowerValue reads a towerValue; ok is false for anything else.
func parseTowerValue(v string) (engine.TowerAction, engine.Figure, engine.Cell, bool) {
	what, at, ok := strings.Cut(strings.TrimSpace(v), "@")
	if !ok {
		return engine.TowerNone, 0, engine.Cell{}, false
	}
	xs, ys, ok := strings.Cut(at, "/")
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	if !ok || err1 != nil || err2 != nil {
		return engine.TowerNone, 0, engine.Cell{}, false
	}
	c := engine.Cell{X: x, Y: y}
	switch what {
	case "tower":
		return engine.TowerPiece, engine.FigureFollower, c, true
	case "top":
		return engine.TowerTop, engine.FigureFollower, c, true
	}
	if f, ok := strings.CutPrefix(what, "top."); ok {
		if fig, ok := engine.ParseFigure(f); ok && fig == engine.FigureLarge {
			return engine.TowerTop, fig, c, true
		}
	}
	return engine.TowerNone, 0, engine.Cell{}, false
}

// spotValue names a figure on a port, as the follower menu's values and
// the preview's custom ids carry it: the port ("N") for the follower,
// "large@N" for another figure (the record's notation), "-" for none.
func spotValue(port string, fig engine.Figure) string {
	if port == "-" || fig == engine.FigureFollower {
		return port
	}
	return fig.String() + "@" + port
}

// parseSpotValue reads a spotValue; "-", "none" and "" are no figure.
func parseSpotValue(v string) (engine.Port, engine.Figure, bool) {
	v = strings.TrimSpace(v)
	if v == "" || v == "-" || strings.EqualFold(v, "none") {
		return engine.NoPort, engine.FigureFollower, true
	}
	fig := engine.FigureFollower
	if f, p, ok := strings.Cut(v, "@"); ok {
		ff, ok := engine.ParseFigure(f)
		if !ok {
			return engine.NoPort, 0, false
		}
		fig, v = ff, p
	}
	port, ok := engine.ParsePort(v)
	if !ok || port == engine.NoPort {
		return engine.NoPort, 0, false
	}
	return port, fig, true
}

// parsedID is a custom id taken apart.
type parsedID struct {
	action string
	game   int64
	moves  int    // for actCPUAdd: the number of computers seated when its menu opened
	choice choice // for the preview's components
	// answered and k, for a step message's button: the answers of the
	// turn under way and the answer's index in engine.Game.Answers.
	answered, k int
}

// parseID reads a custom id made by this package; anything else is an error.
func parseID(s string) (parsedID, error) {
	f := strings.Split(s, ":")
	if len(f) < 3 || f[0] != idPrefix {
		return parsedID{}, fmt.Errorf("unknown component %q", s)
	}
	var p parsedID
	p.action = f[1]
	game, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || game <= 0 {
		return p, fmt.Errorf("bad game in %q", s)
	}
	p.game = game
	switch p.action {
	case actJoin, actLeave, actStart, actCancel, actExp, actPig, actDragonOpt, actPrincessOpt, actRobbersOpt, actLang, actLangSet, actCPU, actCPURm, actCPUDel:
		if len(f) != 3 {
			return p, fmt.Errorf("bad lobby component %q", s)
		}
		return p, nil
	case actCPUAdd:
		// The number of computers seated when the menu opened, in moves.
		if len(f) != 4 {
			return p, fmt.Errorf("bad lobby component %q", s)
		}
		if p.moves, err = strconv.Atoi(f[3]); err != nil || p.moves < 0 {
			return p, fmt.Errorf("bad number in %q", s)
		}
		return p, nil
	case actCell, actBoard, actRansom, actRanPay:
		want := 4
		if p.action == actCell {
			want = 5
		}
		if len(f) != want && !(p.action == actCell && len(f) == 6) {
			return p, fmt.Errorf("bad turn component %q", s)
		}
		if p.moves, err = strconv.Atoi(f[3]); err != nil || p.moves < 0 {
			return p, fmt.Errorf("bad move number in %q", s)
		}
		if len(f) == 6 {
			// A cell menu after the Ransom button: the ransom chosen.
			v, ok := strings.CutPrefix(f[5], "r=")
			r, ok2 := parseRansomValue(v)
			if !ok || !ok2 {
				return p, fmt.Errorf("bad ransom in %q", s)
			}
			p.choice.ransomed, p.choice.ransom = true, r
		}
		return p, nil
	case actStep:
		moves, answered, k, ok := parseStepID(f)
		if !ok {
			return p, fmt.Errorf("bad step component %q", s)
		}
		p.moves, p.answered, p.k = moves, answered, k
		return p, nil
	case actRotL, actRotR, actSpot, actOK, actBack, actEsc, actCap, actPortal, actGold, actFerry, actFMove, actMagic, actCrop, actRobber:
		if len(f) < 8 || len(f) > 16 {
			return p, fmt.Errorf("bad preview component %q", s)
		}
		n := make([]int, 4)
		for i := range n {
			if n[i], err = strconv.Atoi(f[3+i]); err != nil {
				return p, fmt.Errorf("bad number in %q", s)
			}
		}
		rot, ok := engine.RotationFromDegrees(n[3])
		if n[0] < 0 || !ok {
			return p, fmt.Errorf("bad preview component %q", s)
		}
		p.moves = n[0]
		c := choice{game: game, moves: n[0], cell: engine.Cell{X: n[1], Y: n[2]}, rot: rot}
		fc, ok := parseFigValue(f[7])
		if !ok {
			return p, fmt.Errorf("bad port in %q", s)
		}
		c.figChoice = fc
		if !c.readExtras(f[8:]) {
			return p, fmt.Errorf("bad preview component %q", s)
		}
		if c.capture != (engine.Target{}) && c.tower != engine.TowerPiece {
			return p, fmt.Errorf("a capture without a tower piece in %q", s)
		}
		p.choice = c
		return p, nil
	}
	return p, fmt.Errorf("unknown action in %q", s)
}
