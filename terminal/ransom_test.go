package terminal

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestRansomOffer: in a game of The Tower played through Run up to a turn
// whose player may buy a follower back, the terminal says so when it
// shows the turn, in the words of Discord's turn message and with the
// command that pays it (turnview's RansomOffer); that command is taken,
// with the jailer's name of two words in any case, and the turn's place
// pays the ransom. A name nobody has, a word after the name other than
// large, and the player's own name are refused, saying why.
func TestRansomOffer(t *testing.T) {
	t.Parallel()
	names := []string{"Ann Ash", "Ben Bo", "Cy Cole"}
	set := engine.ExpansionSet(0).With(engine.ExpansionTower)
	var sc *stepsScript
	var seed uint64
search:
	for seed = 1; seed <= 40; seed++ {
		for turns := 1; turns <= 60; turns++ {
			s := newStepsScript(t, set, names, seed, turns)
			if s.game.Ended() {
				break
			}
			if len(s.game.Ransoms()) > 0 {
				sc = s
				break search
			}
		}
	}
	if sc == nil {
		t.Fatal("no seed up to 40 gives a turn with a ransom to pay")
	}
	g := sc.game
	r := g.Ransoms()[0]
	cmd := "ransom " + names[r.Jailer]
	if r.Figure == engine.FigureLarge {
		cmd += " large"
	}
	dir := t.TempDir()
	cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: names, Seed: seed, Expansions: []string{"tower"}}
	self := "ransom " + names[g.Current()]
	typed := strings.ToUpper(cmd[:8]) + strings.ToLower(cmd[8:])
	out := run(t, cfg, strings.Join(append(sc.lines, "ransom Nobody Here", "ransom "+names[r.Jailer]+" small", self, typed, "place 1", "quit"), "\n")+"\n")
	for _, want := range []string{`Nobody called "Nobody Here" plays`, `not "small"`, "cannot pay a ransom to themselves"} {
		if !strings.Contains(out, want) {
			t.Errorf("the terminal does not say %q:\n%s", want, out[max(0, len(out)-1500):])
		}
	}
	offer := turnview.In(i18n.English).RansomOffer(g, nil, "")
	offer = strings.TrimSuffix(offer, " ().")
	if !strings.Contains(out, offer+" ("+cmd) {
		t.Fatalf("the terminal does not offer %q with %q:\n%s", offer, cmd, out[max(0, len(out)-1500):])
	}
	if strings.Count(out, "Ransom: you may pay") != 1 {
		t.Errorf("the offer is said %d times, want once (the turn before it has none)", strings.Count(out, "Ransom: you may pay"))
	}
	paid := names[g.Current()] + " pays " + names[r.Jailer] + " 3 points to free their " + turnview.In(i18n.English).Figure(r.Figure)
	if !strings.Contains(out, "will pay 3 points to "+names[r.Jailer]) || !strings.Contains(out, paid) {
		t.Errorf("the command %q is not taken or not paid (%q):\n%s", cmd, paid, out[max(0, len(out)-1500):])
	}
}

// TestHelpOfExpansions: help shows the paragraphs and tokens of the
// expansions the game plays and no other: with The Tower, the ransom, the
// choices in the middle of a turn (its capture) and the tower's tokens, not
// the large follower, the dragon's headings nor another expansion's
// tokens; with The Princess & the Dragon, the dragon's headings.
func TestHelpOfExpansions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: []string{"Ann", "Ben"}, Seed: 3, Expansions: []string{"tower"}}
	out := run(t, cfg, "help\nquit\n")
	for id, shown := range map[string]bool{"terminal.help": true, "terminal.help.inns": false, "terminal.help.traders": false,
		"terminal.help.choices": true, "terminal.help.choices.dragon": false, "terminal.help.ransom": true, "terminal.help.rest": true} {
		if strings.Contains(out, i18n.English.T(id, nil)) != shown {
			t.Errorf("the help of a game of The Tower shows %s: %v, want %v", id, !shown, shown)
		}
	}
	for token, shown := range map[string]bool{"place x,y [ROTATION] [TOKENS]": true, "(place N 90 tower@1,0)": true, "follower@1,0:tower,": true, "ransom/2;": true,
		"large@N": false, "builder@N": false, "fairy@2,1": false, "escape@1,-1:N": false, "crop=add": false, "dragon": false,
		"1L": false, "builder": false, "pig": false, "gold": false} {
		if strings.Contains(out, token) != shown {
			t.Errorf("the help of a game of The Tower shows %s: %v, want %v", token, !shown, shown)
		}
	}
	cfg.Expansions, cfg.DB = []string{"princess-and-dragon"}, filepath.Join(dir, "dragon.db")
	out = run(t, cfg, "help\nquit\n")
	for id, shown := range map[string]bool{"terminal.help.choices": true, "terminal.help.choices.dragon": true, "terminal.help.ransom": false} {
		if strings.Contains(out, i18n.English.T(id, nil)) != shown {
			t.Errorf("the help of a game of The Princess & the Dragon shows %s: %v, want %v", id, !shown, shown)
		}
	}
}
