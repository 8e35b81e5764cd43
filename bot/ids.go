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
	actJoin   = "join"
	actLeave  = "leave"
	actStart  = "start"
	actCancel = "cancel"
	actCell   = "cell"   // the turn message's select menu
	actRotL   = "rotl"   // ⟲
	actRotR   = "rotr"   // ⟳
	actSpot   = "spot"   // the follower select menu
	actOK     = "ok"     // Confirm
	actBack   = "back"   // Back
	actBoard  = "board"  // the turn message's Whole board button
	actExp    = "exp"    // the lobby's Expansions… menu
	actEsc    = "esc"    // the preview's Escape… menu (the Cathars)
	actPig    = "pig"    // the lobby's Pig… menu (Traders & Builders' option pig)
	actCPU    = "cpu"    // the lobby's Add computer player button
	actCPUAdd = "cpuadd" // its menu of levels, with the number of computers seated
	actCPURm  = "cpurm"  // the lobby's Remove computer button
	actCPUDel = "cpudel" // its menu of the computers seated
)

// choice is a placement being previewed.
type choice struct {
	game  int64
	moves int
	cell  engine.Cell
	rot   engine.Rotation
	port  engine.Port   // NoPort: no follower
	fig   engine.Figure // the kind of figure standing on port
	// escape is the knight taken back from a besieged city (the Cathars);
	// Port NoPort: none.
	escape engine.Target
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
	port := "-"
	if c.port != engine.NoPort {
		port = c.port.String()
	}
	id := fmt.Sprintf("%s:%s:%d:%d:%d:%d:%d:%s", idPrefix, action, c.game, c.moves, c.cell.X, c.cell.Y, c.rot.Degrees(), spotValue(port, c.fig))
	if c.escape.Port != engine.NoPort {
		id += ":" + targetValue(c.escape)
	}
	return id
}

// targetValue names a feature on the board for a custom id or a menu's
// value: "x/y/PORT" ("0/-1/S").
func targetValue(t engine.Target) string {
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
	p, ok := engine.ParsePort(f[2])
	if err1 != nil || err2 != nil || !ok || p == engine.NoPort {
		return engine.Target{}, false
	}
	return engine.Target{Cell: engine.Cell{X: x, Y: y}, Port: p}, true
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
	case actJoin, actLeave, actStart, actCancel, actExp, actPig, actCPU, actCPURm, actCPUDel:
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
	case actCell, actBoard:
		if (p.action == actCell) != (len(f) == 5) || (p.action == actBoard) != (len(f) == 4) {
			return p, fmt.Errorf("bad turn component %q", s)
		}
		if p.moves, err = strconv.Atoi(f[3]); err != nil || p.moves < 0 {
			return p, fmt.Errorf("bad move number in %q", s)
		}
		return p, nil
	case actRotL, actRotR, actSpot, actOK, actBack, actEsc:
		if len(f) != 8 && len(f) != 9 {
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
		port, fig, ok := parseSpotValue(f[7])
		if !ok {
			return p, fmt.Errorf("bad port in %q", s)
		}
		c.port, c.fig = port, fig
		if len(f) == 9 {
			t, ok := parseTargetValue(f[8])
			if !ok || t.Port == engine.NoPort {
				return p, fmt.Errorf("bad escape in %q", s)
			}
			c.escape = t
		}
		p.choice = c
		return p, nil
	}
	return p, fmt.Errorf("unknown action in %q", s)
}
