package terminal

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestLangGerman: with Config.Lang German, the terminal says each move as
// the German summary (turnview.In), and the picture is written; the
// commands stay as they are.
func TestLangGerman(t *testing.T) {
	t.Parallel()
	sc := terminaltest.New(t, []string{"Anna", "Bruno"}, 5, engine.Options{})
	dir := t.TempDir()
	cfg := newGame(sc, filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"))
	cfg.Lang = i18n.German
	out := run(t, cfg, strings.Join(sc.Lines[:6], "\n")+"\n")
	g, err := engine.New(engine.Config{Rules: sc.Game.Rules(), Players: sc.Names, Seed: sc.Seed})
	if err != nil {
		t.Fatal(err)
	}
	for k, m := range sc.Game.Moves()[:6] {
		want, err := turnview.In(i18n.German).Narrate(g, m, turnview.Names(sc.Names))
		if err != nil {
			t.Fatal(err)
		}
		if want != "" && !strings.Contains(out, "\n"+want+"\n") {
			t.Errorf("move %d: the terminal does not say the German %q", k, want)
		}
	}
	if strings.Contains(out, " placed ") {
		t.Error("a move was said in English")
	}
	terminaltest.CheckPNG(t, filepath.Join(dir, "board.png"))
}
