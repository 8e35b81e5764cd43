package bot

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
)

// TestComputerStepAtOnce: a computer answers a step in the middle of
// another player's turn (its step of the dragon) at once, without the
// pause of its own turns (an hour here): the game, stored up to Alice's
// dragon tile and her first step while the bot was stopped, goes on as
// soon as the bot starts (it tells the moves stored, then asks the
// computer).
func TestComputerStepAtOnce(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) {
		c.ComputerPause, c.ComputerPlayouts = time.Hour, testPlayouts
		c.Seed = func() uint64 { return 4 }
	})
	alice := h.srv.NewUser("alice", "Alice")
	h.computerGame(alice, "/carcassonne new expansions:princess-and-dragon", "easy")
	h.stop()

	// Random answers, stored as the bot would store them, until the game
	// waits for the computer's step of the dragon in Alice's turn.
	store, err := storage.Open(h.ctx, h.path)
	if err != nil {
		t.Fatal(err)
	}
	g, st, err := store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for n := 0; ; n++ {
		if d := st.Pending(); d.Step == engine.StepDragon && d.Player == 1 && st.Current() == 0 {
			break
		}
		if st.Ended() || n > 3000 {
			t.Fatal("no game reached the computer's step of the dragon in Alice's turn")
		}
		as := st.Answers()
		res, err := store.AppendAnswers(h.ctx, 1, g.Moves, g.Answered, as[rng.IntN(len(as)):][:1], storage.Request{ID: fmt.Sprint("setup-", n)})
		if err != nil {
			t.Fatal(err)
		}
		g, st = res.Game, res.State
	}
	store.Close()
	moves, answered := g.Moves, g.Answered

	h.start()
	waitStored(t, h, func(g storage.Game) bool { return g.Moves > moves || g.Answered > answered })
	if _, now, err := h.store.Load(h.ctx, 1); err == nil && now.Pending().Step == engine.StepDragon && now.Pending().Player == 1 {
		t.Error("the computer's step is still asked")
	}
}
