package bot

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// TestSameNarrationAsTheTerminal plays scripted games through the terminal
// game (terminal.Run) and checks that the summary the bot posts for each
// turn (describeSince, what the turn message becomes) is said by the
// terminal, word for word, on a line of its own and in order: one
// narration for both front ends.
func TestSameNarrationAsTheTerminal(t *testing.T) {
	for _, c := range []struct {
		name string
		sc   func(t *testing.T) *terminaltest.Script
	}{
		{"river, inns, king", func(t *testing.T) *terminaltest.Script {
			return terminaltest.NewWith(t, []string{"Ann", "Ben", "Cy"}, 5, engine.Options{}, []string{"river", "inns-and-cathedrals", "king-and-robber"})
		}},
		{"traders", func(t *testing.T) *terminaltest.Script {
			return terminaltest.WithBuilderTurn(t, []string{"Ann", "Ben", "Cy"}, 1, engine.Options{}, []string{"traders-and-builders"})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := c.sc(t)
			dir := t.TempDir()
			cfg := terminal.Config{DB: filepath.Join(dir, "g.db"), Board: filepath.Join(dir, "b.png"), Players: sc.Names, Options: sc.Options,
				Seed: sc.Seed, Expansions: sc.Expansions}
			var out bytes.Buffer
			if err := terminal.Run(context.Background(), cfg, strings.NewReader(strings.Join(sc.Lines, "\n")+"\n"), &out); err != nil {
				t.Fatalf("terminal: %v\n%s", err, out.String())
			}
			summary, _, err := (&Bot{}).describeSince(storage.Game{}, sc.Game, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(summary, "\n")
			if len(lines) != len(sc.Lines) {
				t.Fatalf("the bot says %d turns, the script plays %d", len(lines), len(sc.Lines))
			}
			rest := out.String()
			for k, l := range lines {
				i := strings.Index(rest, "\n"+l+"\n")
				if i < 0 {
					t.Fatalf("turn %d: the bot says %q, the terminal does not (in order, on a line of its own)", k+1, l)
				}
				rest = rest[i+len(l)+1:]
			}
		})
	}
}
