package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestStepMessageAsksInWords: the step message of a player's own decision
// after the others' (the figure after a tile with a bag, with The
// Robbers) asks it as the terminal does ("Ann chooses a figure to deploy,
// or none."), never by the step's name ("decides: figure"); titled "Your
// choice" for a person, and not so for a computer.
func TestStepMessageAsksInWords(t *testing.T) {
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionRobbers).With(engine.ExpansionMessengers), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.New(engine.Config{Rules: r, Players: []string{"Ann", "Bob"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	seats := []storage.Seat{{Index: 0, UserID: "1", Name: "Ann"}, {Index: 1, UserID: "2", Name: "Bob"}}
	cpu := computerPlayer(ai.Easy, "Computer (easy)")
	computers := []storage.Seat{{Index: 0, UserID: cpu.UserID, Name: cpu.Name, Kind: cpu.Kind}, seats[1]}
	rng := rand.New(rand.NewPCG(3, 3))
	asked, robbers := 0, false
	for !st.Ended() && asked < 4 {
		d := st.Pending()
		if d.Step == engine.StepTile {
			robbers = false
		}
		robbers = robbers || d.Step == engine.StepRobber
		if d.Step == engine.StepFigure && d.Player == 0 && robbers {
			want := en.Asks(st, turnview.Names{"**Ann**", "**Bob**"})
			for _, c := range []struct {
				seats []storage.Seat
				title string
			}{{seats, "Your choice"}, {computers, "A choice"}} {
				if c.seats[0].Name != "Ann" {
					want = en.Asks(st, turnview.Names{"**Computer (easy)**", "**Bob**"})
				}
				e := stepMessage(storage.Game{ID: 1, Seats: c.seats}, st, "").Embeds[0]
				if !strings.Contains(e.Description, want) || strings.Contains(e.Description, "decides") || e.Title != c.title {
					t.Errorf("the step message {%s} %q, want %q titled %q", e.Title, e.Description, want, c.title)
				}
			}
			asked++
		}
		as := st.Answers()
		if _, err := st.Act(as[rng.IntN(len(as))]); err != nil {
			t.Fatal(err)
		}
	}
	if asked == 0 {
		t.Fatal("no figure was asked after the robbers: the test checks nothing")
	}
}
