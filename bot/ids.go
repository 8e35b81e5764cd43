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
// preview's components carry the whole choice (cell, rotation and the
// option chosen in each menu: choice.id), so the bot keeps no state between
// clicks.
const idPrefix = "cc"

// The component actions.
const (
	actJoin    = "join"
	actLeave   = "leave"
	actStart   = "start"
	actCancel  = "cancel"
	actCell    = "cell"   // the turn message's select menu
	actBoard   = "board"  // the turn message's Whole board button
	actExp     = "exp"    // the lobby's Expansions… menu
	actRuleOpt = "o"      // with an option's name ("odragon"): the lobby's menu of a rule option of an expansion
	actRules   = "rules"  // the lobby's More rules… button: the rule options' menus the lobby has no room for
	actCPU     = "cpu"    // the lobby's Add computer player button
	actCPUAdd  = "cpuadd" // its menu of levels, with the number of computers seated
	actCPURm   = "cpurm"  // the lobby's Remove button
	actCPUDel  = "cpudel" // its menu of the computers seated
	actRansom  = "ransom" // the turn message's Ransom button (The Tower)
	actRanPay  = "ranpay" // the Ransom button's menu of prisoners to free
)

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

// parseRansom reads the ransom a custom id's field or a Ransom menu's
// value carries: its record token (engine.Ransom.String: "ransom/2",
// "ransom/1=large"), or, in components posted before 2026-11-30,
// "[r=]SEAT/FIGURE" with SEAT counted from 0 ("r=1/follower").
func parseRansom(v string) (engine.Ransom, bool) {
	if strings.HasPrefix(v, "ransom/") {
		r, err := engine.ParseRansom(v)
		return r, err == nil
	}
	j, f, ok := strings.Cut(strings.TrimPrefix(v, "r="), "/")
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

// parsedID is a custom id taken apart.
type parsedID struct {
	action string
	game   int64
	moves  int    // for actCPUAdd: the number of computers seated when its menu opened
	choice choice // for the preview's components
	// stage is the stage a preview's menu answers (-1 for a button).
	stage int
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
	if p.action == "pig" {
		p.action = actRuleOpt + "pig" // the pig's menu of lobbies posted before 2026-11-30
	}
	if o, ok := engine.RuleOptionNamed(strings.TrimPrefix(p.action, actRuleOpt)); ok && p.action == actRuleOpt+o.Name && o.Expansion != engine.ExpansionBase {
		if len(f) != 3 {
			return p, fmt.Errorf("bad lobby component %q", s)
		}
		return p, nil
	}
	switch p.action {
	case actJoin, actLeave, actStart, actCancel, actExp, actRules, actLang, actLangSet, actCPU, actCPURm, actCPUDel:
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
			r, ok := parseRansom(f[5])
			if !ok {
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
	}
	if previewAction(p.action) {
		c, menu, ok := parsePreviewID(game, f[3:])
		if !ok {
			return p, fmt.Errorf("bad preview component %q", s)
		}
		p.moves, p.choice, p.stage = c.moves, c, menu
		return p, nil
	}
	return p, fmt.Errorf("unknown action in %q", s)
}
