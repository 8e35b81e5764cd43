package terminal

import (
	"io"
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

// TestLangWords: with Config.Lang German, the sitting's own words come in
// German too: the first lines, the turn's heading, help, a command it
// does not know, the ransom and record refusals, and the stop; the
// commands are the same. With French, the whole game's end (the table's
// titles and the winner).
func TestLangWords(t *testing.T) {
	t.Parallel()
	sc := terminaltest.New(t, []string{"Anna", "Bruno"}, 5, engine.Options{})
	dir := t.TempDir()
	cfg := newGame(sc, filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"))
	cfg.Lang = i18n.German
	out := run(t, cfg, "help\ntanzen\nransom Bruno\nrecord\nquit\n")
	de := func(id string, data map[string]any) string { return i18n.German.T(id, data) }
	for _, want := range []string{
		de("terminal.new_game", map[string]any{"Game": 1, "Seats": "Anna (rot), Bruno (grün)", "Expansions": "",
			"Options": "Wiesen: pro Wiese, kleine Stadt: 4", "Seed": sc.Seed}),
		de("terminal.type_help", nil),
		"\nZug 1 · Anna (rot) · Karte ",
		de("terminal.where_fits", nil),
		de("terminal.help", nil),
		de("terminal.no_command", map[string]any{"Command": `"tanzen"`}),
		de("terminal.ransom.no_tower", map[string]any{"Expansion": "Der Turm"}),
		de("terminal.record.where", nil),
		de("terminal.stopped", map[string]any{"Game": 1, "Resume": "carcassonne play --resume 1"}),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the German sitting does not say %q:\n%s", want, out)
		}
	}
	// A base game's help has no expansion's paragraphs.
	for id, shown := range map[string]bool{"terminal.help.inns": false, "terminal.help.traders": false,
		"terminal.help.choices": false, "terminal.help.ransom": false, "terminal.help.rest": true} {
		if strings.Contains(out, de(id, nil)) != shown {
			t.Errorf("the help of a base game shows %s: %v, want %v", id, !shown, shown)
		}
	}
	for token, shown := range map[string]bool{"place 2,-1 90 follower@N.": true, "large@N": false, "tower@1,0": false, "Zeichen:": false} {
		if strings.Contains(out, token) != shown {
			t.Errorf("the help of a base game shows %s: %v, want %v", token, !shown, shown)
		}
	}
	if strings.Contains(out, "Commands, one per line") || strings.Contains(out, "There is no command") {
		t.Errorf("the German sitting speaks English:\n%s", out)
	}

	cfg = newGame(sc, filepath.Join(dir, "fr.db"), filepath.Join(dir, "board.png"))
	cfg.Lang = i18n.French
	out = run(t, cfg, strings.Join(sc.Lines, "\n")+"\n")
	won, best := sc.Game.Winners()
	winners := i18n.French.N("turn.final.share", best, map[string]any{"Players": "Anna et Bruno"})
	if len(won) == 1 {
		winners = i18n.French.N("turn.final.wins", best, map[string]any{"Player": sc.Names[won[0]]})
	}
	for _, want := range []string{
		i18n.French.N("terminal.over", sc.Game.Turn()-1, nil),
		"Décompte final\n  joueur           routes villes abbayes prés total\n",
		winners,
		i18n.French.T("terminal.record_or_quit", nil),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the French end does not say %q:\n%s", want, out[max(0, len(out)-1500):])
		}
	}
}

// TestLangRefusals: with Config.Lang German, the refusals of place and
// spots lines that do not read, the spots header's edges and the errors
// of a Config Run cannot play are German; with English, the same lines
// say what they said before the messages.
func TestLangRefusals(t *testing.T) {
	t.Parallel()
	sc := terminaltest.New(t, []string{"Anna", "Bruno"}, 5, engine.Options{})
	dir := t.TempDir()
	input := "spots 1\nplace 999\nspots 1 45\nplace 1 0 x\nplace 1 0 2 3\nquit\n"
	for _, c := range []struct {
		l    i18n.Lang
		want []string
	}{
		{i18n.German, []string{
			" mit 0° (Norden: ", "Es gibt kein Feld 999: Die Felder sind von 1 bis ",
			"Eine Karte dreht sich um 0, 90, 180 oder 270 Grad, nicht um 45.",
			`"x" ist keine Stelle: Gib ihre Nummer an (siehe spots) oder follower@PORT.`,
			"Zu viele Wörter: Schreibe place N [ROTATION] [SPOT] [TOKENS].",
		}},
		{i18n.English, []string{
			" at 0° (north ", "There is no cell 999: the cells are numbered 1 to ",
			"A tile turns by 0, 90, 180 or 270 degrees, not 45.",
			`"x" is not a spot: give its number (see spots) or follower@PORT.`,
			"Too many words: write place N [ROTATION] [SPOT] [TOKENS].",
		}},
	} {
		cfg := newGame(sc, filepath.Join(dir, c.l.String()+".db"), filepath.Join(dir, "board.png"))
		cfg.Lang = c.l
		out := run(t, cfg, input)
		for _, want := range c.want {
			if !strings.Contains(out, want) {
				t.Errorf("the %s sitting does not say %q:\n%s", c.l.Name(), want, out)
			}
		}
	}

	cfg := newGame(sc, filepath.Join(dir, "bad.db"), filepath.Join(dir, "no-such-folder", "board.png"))
	cfg.Lang = i18n.German
	err := Run(t.Context(), cfg, strings.NewReader(""), io.Discard)
	want := i18n.German.T("terminal2.config.board_folder", map[string]any{"Path": cfg.Board, "Folder": filepath.Dir(cfg.Board)})
	if err == nil || err.Error() != want {
		t.Errorf("a German Config with no folder for the board: %v, want %q", err, want)
	}
}
