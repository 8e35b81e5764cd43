package bot

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/racetest"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// checkMenu fails when a page of a menu has more than 25 options, or the
// menu two of one value (Discord refuses both with 50035 and the player
// sees "This interaction failed").
func checkMenu(t *testing.T, where, name string, opts []discordgo.SelectMenuOption) {
	t.Helper()
	for page := 0; page*pageSize < len(opts); page++ {
		if shown := menuPage(i18n.English, opts, page); len(shown) > maxMenuOptions {
			t.Fatalf("%s: page %d of the %s menu has %d options", where, page, name, len(shown))
		}
	}
	seen := map[string]bool{}
	for _, o := range opts {
		if seen[o.Value] {
			t.Fatalf("%s: the %s menu offers %q twice: %+v", where, name, o.Value, opts)
		}
		seen[o.Value] = true
	}
}

// confirmable fails unless Confirm would play choice ch: its answers to
// the player's steps are accepted by the engine. It returns the preview.
func confirmable(t *testing.T, where string, st *engine.Game, ch choice, what string) walked {
	t.Helper()
	w, err := ch.walk(st, en, nil)
	if err != nil {
		t.Fatalf("%s: %s is offered, and Confirm is refused: %v", where, what, err)
	}
	for k, s := range w.stages {
		if k < len(ch.picks) && s.pick != ch.picks[k] {
			t.Fatalf("%s: %s: stage %d shows option %d, the choice says %d", where, what, k, s.pick, ch.picks[k])
		}
	}
	return w
}

// picked is choice ch with option j chosen at stage k of its preview w,
// the earlier stages as w shows them.
func picked(ch choice, w walked, k, j int) choice {
	c := ch
	c.picks = make([]int, k+1)
	for n := range k {
		c.picks[n] = w.stages[n].pick
	}
	c.picks[k] = j
	return c
}

// TestPreviewMenusOfferWhatTheEngineAccepts plays random games with every
// expansion and with those whose figure step is richest, and at every
// turn opens previews of a few placements: every entry of every menu
// (Follower…, Take prisoner…, Escape…, Second gold ingot…, Mage or witch…,
// …), chosen, makes a move the engine accepts at Confirm, and so does each
// entry of the menus a figure leads to; no menu offers one value twice. The
// defects it holds: a tower piece, farmer or pig on a dragon or volcano
// tile offered and then dropped; two figures on one spot offered twice.
func TestPreviewMenusOfferWhatTheEngineAccepts(t *testing.T) {
	b := &Bot{draw: render.New()}
	sets := map[string]engine.ExpansionSet{}
	var all engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionRiver {
			all = all.With(e)
		}
	}
	sets["all"] = all
	sets["dragon-cathedrals"] = engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon).With(engine.ExpansionInnsAndCathedrals)
	for _, e := range []engine.Expansion{engine.ExpansionTower, engine.ExpansionPrincessAndDragon, engine.ExpansionCathars, engine.ExpansionCropCircles} {
		sets[e.String()] = engine.ExpansionSet(0).With(e)
	}
	offered := map[string]int{}
	for name, set := range sets {
		r, err := engine.NewRules(set, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := engine.New(engine.Config{Rules: r, Players: []string{"Ann", "Bob", "Cleo"}, Seed: 5, DrawnOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, uint64(set)))
		for n := 0; !st.Ended() && n < 3000; n++ {
			if st.Pending().Step == engine.StepTile && !st.SetsAside() {
				ps := st.Placements()
				// Three placements a turn; one under -race.
				for k := 0; k < racetest.Scale(3, 3) && len(ps) > 0; k++ {
					p := ps[rng.IntN(len(ps))]
					where := fmt.Sprintf("%s turn %d at %v", name, st.Turn(), p)
					ch := choice{game: 1, moves: len(st.Moves()), cell: p.Cell, rot: p.Rotation}
					first := confirmable(t, where, st, ch, "the preview as it opens")
					for k, s := range first.stages {
						name := menuOf[s.step].placeholder
						checkMenu(t, where, name, menuOptions(i18n.English, s, p.Cell))
						for j, o := range s.opts {
							c := picked(ch, first, k, j)
							w := confirmable(t, where, st, c, name+" "+o.Label)
							switch {
							case o.Answer.Portal:
								offered["portal"]++
							case s.step == engine.StepCapture && !o.Pass():
								offered["capture"]++
							case s.step == engine.StepEscape && !o.Pass():
								offered["escape"]++
							case s.step == engine.StepFigure:
								offered[o.Label[:min(len(o.Label), 5)]]++
							}
							if s.step != engine.StepFigure {
								continue
							}
							// What the figure leads to: the prisoner, the
							// escape, each of their options.
							for k2 := k + 1; k2 < len(w.stages); k2++ {
								s2 := w.stages[k2]
								checkMenu(t, where, menuOf[s2.step].placeholder, menuOptions(i18n.English, s2, p.Cell))
								for j2, o2 := range s2.opts {
									confirmable(t, where, st, picked(c, w, k2, j2), o.Label+", then "+o2.Label)
									switch {
									case s2.step == engine.StepCapture && !o2.Pass():
										offered["capture"]++
									case s2.step == engine.StepEscape && !o2.Pass():
										offered["escape"]++
									}
								}
							}
						}
					}
					if k == 0 && n%9 == 0 {
						// The preview itself, as Discord receives it.
						resp, err := b.previewData(i18n.English, storage.Game{}, st, ch)
						if err != nil {
							t.Fatalf("%s: the preview: %v", where, err)
						}
						if _, err := json.Marshal(resp.Components); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			opts := turnview.Options(st, nil)
			if _, err := st.Act(opts[rng.IntN(len(opts))].Answer); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{"No fo", "tower", "Princ", "Fairy", "portal", "capture", "escape"} {
		// Under -race a third of the previews: the sweep checks what they reach.
		if offered[k] == 0 && !racetest.Enabled {
			t.Errorf("no preview offered %q: the test reaches less than it should (%v)", k, offered)
		}
	}
}

// TestStepComponentsNeverDropAChoice: a step message shows every option,
// as buttons while they fit and as menus of 25 past that, each option once
// and each menu valid for Discord; past 125 options the last one turns to
// the next (the ephemeral message of stepAnswer, stepMenus).
func TestStepComponentsNeverDropAChoice(t *testing.T) {
	g := storage.Game{ID: 3, Moves: 7, Answered: 1}
	for _, n := range []int{1, 5, 25, 26, 60, 125, 126, 300} {
		opts := make([]turnview.Option, n)
		for k := range opts {
			opts[k] = turnview.Option{Label: fmt.Sprintf("choice %d", k), Value: fmt.Sprintf("v%d", k)}
		}
		rows := stepComponents(g, opts, false)
		seen := map[int]bool{}
		for pages := 0; len(rows) > 0; pages++ {
			if len(rows) > 5 || pages > n/100 {
				t.Fatalf("%d options: %d rows on page %d", n, len(rows), pages)
			}
			next := -1
			for _, r := range rows {
				for _, c := range r.(discordgo.ActionsRow).Components {
					switch c := c.(type) {
					case discordgo.Button:
						_, _, k, ok := parseStepID(strings.Split(c.CustomID, ":"))
						if !ok || seen[k] || c.Label != opts[k].Label {
							t.Fatalf("%d options: button %+v", n, c)
						}
						seen[k] = true
					case discordgo.SelectMenu:
						checkMenu(t, fmt.Sprint(n, " options"), c.Placeholder, c.Options)
						for _, o := range c.Options {
							if from, ok := pageValue([]string{o.Value}); ok {
								next = from
								continue
							}
							var k int
							if _, err := fmt.Sscan(o.Value, &k); err != nil || seen[k] || o.Label != opts[k].Label {
								t.Fatalf("%d options: menu option %+v", n, o)
							}
							seen[k] = true
						}
					}
				}
			}
			rows = nil
			if next >= 0 {
				rows = stepMenus(g, opts, next, false)
			}
		}
		if len(seen) != n {
			t.Errorf("%d options: the messages show %d of them", n, len(seen))
		}
	}
}
