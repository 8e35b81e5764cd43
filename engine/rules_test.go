package engine

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fixtureWant is what a rule fixture's comments expect:
//
//	# want: Red 3, Blue 0          scores after replaying the whole file
//	# want-supply: Red 7, Blue 6   followers in supply at the end
//	# want-error: line 7           the record fails at that line
type fixtureWant struct {
	scores, supply map[string]int
	errLine        int
}

func readFixtureWant(tb testing.TB, path string) fixtureWant {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var w fixtureWant
	parse := func(s string) map[string]int {
		out := map[string]int{}
		for _, item := range strings.Split(s, ",") {
			fields := strings.Fields(item)
			if len(fields) != 2 {
				tb.Fatalf("%s: bad want item %q", path, item)
			}
			n, err := strconv.Atoi(fields[1])
			if err != nil {
				tb.Fatalf("%s: bad want item %q", path, item)
			}
			out[fields[0]] = n
		}
		return out
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "# want:"):
			w.scores = parse(strings.TrimPrefix(line, "# want:"))
		case strings.HasPrefix(line, "# want-supply:"):
			w.supply = parse(strings.TrimPrefix(line, "# want-supply:"))
		case strings.HasPrefix(line, "# want-error: line "):
			n, err := strconv.Atoi(strings.TrimPrefix(line, "# want-error: line "))
			if err != nil {
				tb.Fatalf("%s: bad want-error %q", path, line)
			}
			w.errLine = n
		}
	}
	if w.scores == nil && w.errLine == 0 {
		tb.Fatalf("%s: no # want: or # want-error: line", path)
	}
	return w
}

// TestRuleFixtures replays every record in testdata/rules: the examples of
// the rule texts rebuilt on a board, the tricky cases and the errors, each
// with the scores or the error line its comments expect.
func TestRuleFixtures(t *testing.T) {
	paths, err := filepath.Glob("testdata/rules/*.rec")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".rec"), func(t *testing.T) {
			want := readFixtureWant(t, path)
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rec, err := ReadRecord(f)
			var g *Game
			if err == nil {
				g, err = rec.Replay()
			}
			if want.errLine != 0 {
				var re *RecordError
				if !errors.As(err, &re) {
					t.Fatalf("got %v, want an error at line %d", err, want.errLine)
				}
				if re.Line != want.errLine {
					t.Fatalf("error at line %d (%s), want line %d", re.Line, re.Reason, want.errLine)
				}
				if re.Reason == "" {
					t.Fatal("the error gives no reason")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i, name := range g.Players() {
				if w, ok := want.scores[name]; ok && g.Score(i) != w {
					t.Errorf("%s scored %d, want %d", name, g.Score(i), w)
				}
				if w, ok := want.supply[name]; ok && g.Supply(i) != w {
					t.Errorf("%s has %d followers in supply, want %d", name, g.Supply(i), w)
				}
			}
			if len(want.scores) != g.NumPlayers() {
				t.Errorf("the fixture names %d players' scores, the game has %d", len(want.scores), g.NumPlayers())
			}
			// Every fixture also round-trips through the writer.
			text := rec.String()
			again, err := ReadRecord(strings.NewReader(text))
			if err != nil {
				t.Fatalf("reading what was written: %v\n%s", err, text)
			}
			if again.String() != text {
				t.Fatalf("writing twice differs:\n%s\n---\n%s", text, again.String())
			}
		})
	}
}
