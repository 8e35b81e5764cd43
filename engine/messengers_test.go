package engine

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestBoardFixtures replays the fixtures of The Messengers and The Robbers
// (testdata/rules/msg-*.rec, rb-*.rec) and checks what TestRuleFixtures
// does not: "# want-messengers: Ann 2, Bob 0" (each messenger's value, or
// "none" once they have joined the markers), "# want-robbers: Yellow 7"
// (the spaces of the robbers on the scoreboard, or "none"), and that the
// game's own record writes every turn as the fixture does, its scoring's
// choices included.
func TestBoardFixtures(t *testing.T) {
	paths, _ := filepath.Glob("testdata/rules/msg-*.rec")
	more, _ := filepath.Glob("testdata/rules/rb-*.rec")
	paths = append(paths, more...)
	if len(paths) < 10 {
		t.Fatalf("%d fixtures", len(paths))
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".rec"), func(t *testing.T) {
			want := readFixtureWant(t, path)
			if want.errLine != 0 {
				return
			}
			rec, g := replayFile(t, path, -1)
			lines := fixtureLines(t, path)
			if v, ok := lines["# want-messengers:"]; ok {
				got := "none"
				if _, on := g.Messenger(0); on {
					var parts []string
					for p, name := range g.Players() {
						n, _ := g.Messenger(p)
						parts = append(parts, name+" "+strconv.Itoa(n))
					}
					got = strings.Join(parts, ", ")
				}
				if got != v {
					t.Errorf("messengers %q, want %q", got, v)
				}
			}
			if v, ok := lines["# want-robbers:"]; ok {
				var parts []string
				for p, name := range g.Players() {
					if r, on := g.Robber(p); on {
						parts = append(parts, name+" "+strconv.Itoa(r.Space))
					}
				}
				got := strings.Join(parts, ", ")
				if got == "" {
					got = "none"
				}
				if got != v {
					t.Errorf("robbers %q, want %q", got, v)
				}
			}
			// The game writes every choice the fixture writes.
			mine := g.Record()
			for i, turn := range rec.Turns {
				if a, b := turn.String(g.TileSet()), mine.Turns[i].String(g.TileSet()); a != b {
					t.Errorf("turn %d: the game writes %q, the fixture %q", i+1, b, a)
				}
			}
			// The marker and the messenger make the score.
			for p := range g.NumPlayers() {
				v, _ := g.Messenger(p)
				if g.Marker(p)+v != g.Score(p) {
					t.Errorf("player %d: marker %d and messenger %d, score %d", p, g.Marker(p), v, g.Score(p))
				}
			}
		})
	}
}

// fixtureLines returns the fixture's comment lines by their first words
// ("# want-robbers:"), the rest trimmed.
func fixtureLines(tb testing.TB, path string) map[string]string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if key, rest, ok := strings.Cut(line, ": "); ok && strings.HasPrefix(key, "# want-") {
			out[key+":"] = strings.TrimSpace(rest)
		}
	}
	return out
}

// TestBoardEvents checks the events of the worked example of The Robbers
// (rule text 001: "Red scores 5 points. The Blue robber robs 3 points")
// and of a chain of two messages.
func TestBoardEvents(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/rb-example-follow.rec", -1)
	evs := g.Events()
	last := evs[len(evs)-1]
	if last.Source != SourceRobbery || last.Player != 0 || last.Points != 3 || last.Tiles != 1 {
		t.Errorf("the robbery: %+v, want Blue robbing 3 of Red", last)
	}
	if r, ok := g.Robber(2); !ok || r != (RobberSpot{Space: 7, Pawn: PawnMarker}) {
		t.Errorf("Yellow's robber %+v %v, want by the markers on 7", r, ok)
	}
	_, g = replayFile(t, "testdata/rules/msg-3-chain.rec", -1)
	var msgs []ScoreEvent
	for _, e := range g.Events() {
		if e.Source == SourceMessage {
			msgs = append(msgs, e)
		}
	}
	if len(msgs) != 2 || msgs[0].Message != MessageSmallestCloister || !msgs[0].Carried || msgs[0].Points != 5 || msgs[0].Feature != Cloister ||
		msgs[1].Message != MessageKnights || msgs[1].Carried || msgs[1].Points != MessageBonus || !msgs[1].Messenger {
		t.Errorf("the chain: %+v", msgs)
	}
	if d, ok := g.LastMessage(); !ok || d != (MessageDraw{Turn: 7, Player: 0, Message: MessageKnights}) {
		t.Errorf("LastMessage %+v %v", d, ok)
	}
	if b := g.Breakdowns()[0]; b.Messages != 7 || b.Roads != 5 {
		t.Errorf("breakdown %+v", b)
	}
	// Message 7 gives the same player the next turn.
	_, g = replayFile(t, "testdata/rules/msg-7-one-more-tile.rec", 7)
	if d := g.Pending(); d.Player != 0 || !g.ExtraTurn() {
		t.Errorf("after message 7: %+v, extra %v; want Ann's extra turn", d, g.ExtraTurn())
	}
}

// TestMessage7EmptyPile: message 7 cannot be carried out when the draw
// pile is empty; its 2 points can (rules-options.md, "The Messengers").
func TestMessage7EmptyPile(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/msg-7-one-more-tile.rec", 6)
	if !g.canCarry(0, MessageTile) {
		t.Fatal("message 7 cannot be carried out with tiles left")
	}
	g.top = len(g.pile)
	if g.canCarry(0, MessageTile) {
		t.Error("message 7 carried out with an empty pile")
	}
	as := g.messageAnswers(0, MessageTile)
	if len(as) != 1 || as[0].Use {
		t.Errorf("answers %v, want the 2 points alone", as)
	}
	if err := g.messageErr(0, MessageTile, Target{}); err == nil || !strings.Contains(err.Error(), "draw pile is empty") {
		t.Errorf("messageErr %v", err)
	}
}

// TestBoardSteps answers a turn of each fixture's last turn step by step
// (Act): the robbers' step and the robbery's choice decided by other
// players than the current one, the pawn and the message of the current
// player; each answer listed reads back (AnswerOf), and the turn Act
// completes is the fixture's.
func TestBoardSteps(t *testing.T) {
	for _, tt := range []struct {
		path  string
		turn  int
		steps []Decision
	}{
		{"testdata/rules/rb-example-follow.rec", 4, []Decision{{3, StepRobber}, {0, StepRobber}, {1, StepRobber}, {2, StepRobber}, {3, StepFigure}}},
		{"testdata/rules/rb-rob-choice.rec", 7, []Decision{{0, StepFigure}, {0, StepRob}}},
		{"testdata/rules/msg-3-chain.rec", 7, []Decision{{0, StepFigure}, {0, StepPawn}, {0, StepMessage}, {0, StepPawn}, {0, StepMessage}, {0, StepPawn}}},
		{"testdata/rules/msg-8-farm.rec", 7, []Decision{{0, StepFigure}, {0, StepPawn}, {0, StepMessage}, {0, StepPawn}}},
	} {
		_, g := replayFile(t, tt.path, tt.turn-1)
		_, full := replayFile(t, tt.path, tt.turn)
		m := full.Moves()[len(full.Moves())-1]
		c := g.Clone()
		for i := c.top; i < len(c.pile); i++ {
			if c.pile[i] == m.Tile {
				c.pile[i], c.pile[c.top] = c.pile[c.top], c.pile[i] // the fixture's tile on top
				break
			}
		}
		if _, err := c.Act(Answer{Step: StepTile, Cell: m.Cell, Rotation: m.Rotation}); err != nil {
			t.Fatalf("%s: %v", tt.path, err)
		}
		robbers, scoring := 0, 0
		for i, d := range tt.steps {
			if got := c.Pending(); got != d {
				t.Fatalf("%s step %d: Pending %+v, want %+v", tt.path, i, got, d)
			}
			as := c.Answers()
			for _, a := range as {
				a.Points, a.From = 0, 0
				b, err := c.AnswerOf(a.String())
				b.Points, b.From = 0, 0
				if err != nil || b != a {
					t.Errorf("%s: AnswerOf(%q) = %+v, %v", tt.path, a, b, err)
				}
			}
			for _, a := range as {
				if (a.Step == StepPawn || a.Step == StepMessage && a.Message != MessageTile) && a.Points <= 0 && a.Message != MessageShortestRoad {
					t.Errorf("%s: %s shows no points: %+v", tt.path, a, a)
				}
			}
			if tt.path == "testdata/rules/msg-3-chain.rec" && i == 3 && (as[0].Points != 5 || as[0].From != 5 || as[1].From != 0) {
				t.Errorf("the cloister's pawn answers %+v, want 5 points from 5 (marker) or 0 (messenger)", as)
			}
			var a Answer
			switch d.Step {
			case StepFigure:
				a = Answer{Step: StepFigure, Figure: m.Figure, Port: m.Follower}
			case StepRobber:
				seat, msg := 0, false
				if robbers < m.Robbers.Len() {
					seat, msg = m.Robbers.At(robbers)
				}
				robbers++
				a = Answer{Step: StepRobber, Seat: seat, Messenger: msg}
			default:
				sc := m.Scoring.At(scoring)
				scoring++
				a = Answer{Step: sc.Step, Seat: sc.Seat, Messenger: sc.Messenger, Message: sc.Message, Use: sc.Use, Target: sc.Target}
				if sc.Step == StepMessage && !slices.ContainsFunc(as, func(b Answer) bool { return b.Message == sc.Message }) {
					// A replay's stack is not the record's: the answer
					// of the record is taken all the same.
					t.Logf("%s: the stack's top is not message %d", tt.path, sc.Message)
				}
			}
			done, err := c.Act(a)
			if err != nil {
				t.Fatalf("%s step %d: %s: %v", tt.path, i, a, err)
			}
			if done != (i == len(tt.steps)-1) {
				t.Fatalf("%s step %d: done %v", tt.path, i, done)
			}
		}
		got := c.Moves()[len(c.Moves())-1]
		if MoveString(c.TileSet(), got) != MoveString(c.TileSet(), m) {
			t.Errorf("%s: Act played %q, want %q", tt.path, MoveString(c.TileSet(), got), MoveString(c.TileSet(), m))
		}
		if !slices.Equal(c.Scores(), full.Scores()) {
			t.Errorf("%s: scores %v, want %v", tt.path, c.Scores(), full.Scores())
		}
	}
}

// TestBoardRandomGames plays random games through Act with The Messengers
// and The Robbers (both options of the robbers), alone and with every
// expansion, choosing among Answers, and checks after every turn: each
// player's marker and messenger make their score, the messenger's value
// is the sum of the events that moved it, the score the sum of all events
// (no point lost); robbers stand on spaces 0 to 49. The game's record
// replays to the same record and scores, and Apply plays each move Act
// made to the same game.
func TestBoardRandomGames(t *testing.T) {
	both := ExpansionSet(0).With(ExpansionMessengers).With(ExpansionRobbers)
	var all ExpansionSet
	for _, e := range PlayableExpansions() {
		all = all.With(e)
	}
	seen := map[Step]int{}
	for i, set := range []ExpansionSet{both, all, ExpansionSet(0).With(ExpansionRobbers)} {
		for seed := uint64(1); seed <= 4; seed++ {
			opts := Options{Robbers: RobberRule(seed % 2)}
			r, err := NewRules(set, opts)
			if err != nil {
				t.Fatal(err)
			}
			names := []string{"Ann", "Ben", "Cal", "Dee"}[:2+int(seed+uint64(i))%3]
			cfg := Config{Players: names, Seed: seed, Rules: r, DrawnOnly: true}
			g, _ := New(cfg)
			twin, _ := New(cfg)
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			for !g.Ended() {
				d := g.Pending()
				as := g.Answers()
				if len(as) == 0 {
					t.Fatalf("%s seed %d: no answer to %+v", set, seed, d)
				}
				seen[d.Step]++
				a := as[rng.IntN(len(as))]
				if d.Step == StepFigure && len(as) > 1 && rng.IntN(3) > 0 {
					a = as[1+rng.IntN(len(as)-1)] // more figures: more scoring
				}
				done, err := g.Act(a)
				if err != nil {
					t.Fatalf("%s seed %d turn %d: %s: %v", set, seed, g.Turn(), a, err)
				}
				if !done {
					continue
				}
				moves := g.Moves()
				if err := twin.Apply(moves[len(moves)-1]); err != nil {
					t.Fatalf("%s seed %d turn %d: Apply %s: %v", set, seed, g.Turn(), MoveString(g.TileSet(), moves[len(moves)-1]), err)
				}
				checkBoard(t, g)
			}
			if !slices.Equal(g.Scores(), twin.Scores()) {
				t.Fatalf("%s seed %d: Act scores %v, Apply %v", set, seed, g.Scores(), twin.Scores())
			}
			text := g.Record().String()
			rec, err := ReadRecord(strings.NewReader(text))
			if err != nil {
				t.Fatalf("%s seed %d: %v\n%s", set, seed, err, text)
			}
			again, err := rec.Replay()
			if err != nil {
				t.Fatalf("%s seed %d: replay: %v\n%s", set, seed, err, text)
			}
			if again.Record().String() != text || !slices.Equal(again.Scores(), g.Scores()) {
				t.Fatalf("%s seed %d: the replay differs", set, seed)
			}
		}
	}
	for _, s := range []Step{StepRobber, StepPawn, StepMessage} {
		if seen[s] == 0 {
			t.Errorf("no game asked the %s step; seen %v", s, seen)
		}
	}
}

// checkBoard checks the scoreboard's invariants of g: no point lost.
func checkBoard(tb testing.TB, g *Game) {
	tb.Helper()
	sums := make([]int, g.NumPlayers())
	msgs := make([]int, g.NumPlayers())
	for _, e := range g.Events() {
		sums[e.Player] += e.Points
		if e.Messenger {
			msgs[e.Player] += e.Points
		}
		if e.Source == SourceRobbery && (e.Messenger || e.Points <= 0 || e.Tiles == e.Player) {
			tb.Fatalf("a robbery %+v", e)
		}
	}
	for p := range g.NumPlayers() {
		v, on := g.Messenger(p)
		if on && v != msgs[p] {
			tb.Fatalf("player %d's messenger is on %d, its moves sum to %d", p, v, msgs[p])
		}
		if sums[p] != g.Score(p) || g.Marker(p)+v != g.Score(p) {
			tb.Fatalf("player %d: events %d, marker %d + messenger %d, score %d", p, sums[p], g.Marker(p), v, g.Score(p))
		}
		if r, ok := g.Robber(p); ok && (r.Space < 0 || r.Space >= ScoreboardSpaces || r.Pawn == PawnNone) {
			tb.Fatalf("player %d's robber %+v", p, r)
		}
	}
}

// TestBoardRecordTokens reads and writes the tokens of both expansions and
// refuses bad ones with a reason.
func TestBoardRecordTokens(t *testing.T) {
	ts := BaseTiles
	for _, s := range []string{"U 1,0 0 pawn/1=marker msg=8 use@0,-1:N pawn/2=messenger rob/3", "U 1,0 0 msg=7 use msg=2 points"} {
		m, err := ParseMove(ts, s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := MoveString(ts, m); got != s {
			t.Errorf("%q written %q", s, got)
		}
	}
	for _, tt := range []struct{ text, why string }{
		{"U 1,0 0 pawn/1=farmer", "pawn/SEAT=marker"},
		{"U 1,0 0 pawn/9=marker", "seat from 1 to 6"},
		{"U 1,0 0 rob/0", "rob/SEAT"},
		{"U 1,0 0 msg=9 use", "N from 1 to 8"},
		{"U 1,0 0 msg=3 follower@N", "followed by use"},
		{"U 1,0 0 msg=8 use", "names the follower"},
		{"U 1,0 0 msg=3 use@1,0:N", "followed by use"},
		{"U 1,0 0 use", "right after its msg=N"},
		{"U 1,0 0 follower@N robber/2", "right after the tile"},
		{"U 1,0 0 robber/2=large", "robber/SEAT"},
		{"U 1,0 0 pawn/1=marker follower@N", "before the escape"},
		{"U 1,0 0 msg=8 use@1,0:N msg=8 use@1,0:N", "once in a turn"},
	} {
		_, err := ParseMove(ts, tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.why) {
			t.Errorf("%q: %v, want a reason with %q", tt.text, err, tt.why)
		}
	}
}
