package turnview

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/racetest"
)

// leakedID finds a message id in a text: a message missing everywhere
// reads as its id.
var leakedID = regexp.MustCompile(`\bturn\.[a-z_]`)

// langTexts counts, for one language, the texts checked and those that
// read as the English ones.
type langTexts struct{ all, same int }

// checkText checks one text of language l: filled, no id, and, for a
// label, at most 100 characters; en is the same text in English.
func checkText(t *testing.T, l i18n.Lang, where, what, s, en string, label bool, counts map[i18n.Lang]*langTexts) {
	t.Helper()
	switch {
	case strings.Contains(s, "<no value>"):
		t.Fatalf("%s: %s %s %q has an empty placeholder", where, l, what, s)
	case leakedID.MatchString(s):
		t.Fatalf("%s: %s %s %q holds a message id", where, l, what, s)
	case label && (s == "" || utf8.RuneCountInString(s) > 100):
		t.Fatalf("%s: %s %s %q is empty or longer than 100 characters", where, l, what, s)
	}
	c := counts[l]
	c.all++
	if s == en {
		c.same++
	}
}

// TestEveryLanguage plays random games of every expansion alone and all
// together, and at every step reads the options, the step's words, its
// question (Question), the turn so far and the turn's summary in every
// language: no empty placeholder, no message id, labels of at most 100
// characters, the same options in the same order with the same values,
// and most texts not the English ones (the language is applied).
func TestEveryLanguage(t *testing.T) {
	games := racetest.Scale(1, 1)
	names := Names{"Anna", "Bruno", "Celia"}
	counts := map[i18n.Lang]*langTexts{}
	for _, l := range i18n.Supported() {
		counts[l] = &langTexts{}
	}
	for name, set := range expansionSets() {
		for seed := range uint64(games) {
			g := newGame(t, set, seed+11)
			r := rand.New(rand.NewPCG(seed, 11))
			start, done := g.Clone(), len(g.Moves())
			var answers []engine.Answer
			tile, _ := g.Drawn()
			for n := 0; !g.Ended() && n < 3000; n++ {
				where := fmt.Sprintf("%s seed %d turn %d step %s", name, seed+11, g.Turn(), g.Pending().Step)
				en := Options(g, names)
				if len(en) == 0 {
					t.Fatalf("%s: no option", where)
				}
				o := en[r.IntN(len(en))]
				for _, l := range i18n.Supported() {
					vo := In(l)
					opts := vo.Options(g, names)
					if len(opts) != len(en) {
						t.Fatalf("%s: %s has %d options, English %d", where, l, len(opts), len(en))
					}
					for k, lo := range opts {
						if lo.Value != en[k].Value {
							t.Fatalf("%s: %s option %d is %q, English %q", where, l, k, lo.Value, en[k].Value)
						}
						// Placements are many and alike: the first few.
						if lo.Kind != KindPlacement || k < 3 {
							checkText(t, l, where, "label", lo.Label, en[k].Label, true, counts)
						}
					}
					checkText(t, l, where, "step words", vo.StepWords(g, o.Answer, names), english.StepWords(g, o.Answer, names), false, counts)
					checkText(t, l, where, "asks", vo.Asks(g, names), english.Asks(g, names), false, counts)
					if g.Pending().Step != engine.StepTile {
						title, ask := vo.Question(g, names)
						enTitle, enAsk := In(i18n.English).Question(g, names)
						if title != "" || enTitle != "" {
							checkText(t, l, where, "question title", title, enTitle, false, counts)
						}
						checkText(t, l, where, "question", ask, enAsk, false, counts)
					}
				}
				if _, err := g.Act(o.Answer); err != nil {
					t.Fatalf("%s: %q: %v", where, o.Value, err)
				}
				answers = append(answers, o.Answer)
				if len(g.Moves()) == done {
					if !g.Ended() {
						m := engine.MoveOfAnswers(tile, answers)
						for _, l := range i18n.Supported() {
							checkText(t, l, where, "part words", In(l).PartWords(start, start.Current(), m, names), english.PartWords(start, start.Current(), m, names), false, counts)
						}
					}
					continue
				}
				// The turn is played: its summary in every language.
				m := g.Moves()[len(g.Moves())-1]
				want, err := english.Narrate(start.Clone(), m, names)
				if err != nil {
					t.Fatalf("%s: Narrate: %v", where, err)
				}
				for _, l := range i18n.Supported() {
					got, err := In(l).Narrate(start.Clone(), m, names)
					if err != nil {
						t.Fatalf("%s: %s Narrate: %v", where, l, err)
					}
					if want != "" {
						checkText(t, l, where, "summary", got, want, false, counts)
					}
				}
				start, done, answers = g.Clone(), len(g.Moves()), nil
				tile, _ = g.Drawn()
			}
			if !g.Ended() {
				t.Fatalf("%s seed %d: the game did not end", name, seed+11)
			}
		}
	}
	for _, l := range i18n.Supported()[1:] {
		c := counts[l]
		t.Logf("%s: %d texts, %d as in English", l, c.all, c.same)
		if c.all == 0 || c.same*4 > c.all {
			t.Errorf("%s: %d of %d texts read as in English, want at most a quarter", l, c.same, c.all)
		}
	}
	if c := counts[i18n.English]; c.same != c.all {
		t.Errorf("English: %d of %d texts differ from the package-level functions'", c.all-c.same, c.all)
	}
}

// TestGermanSummary: a thief placed on a road reads in German as the
// summary says it, and its option in the rulebook's words.
func TestGermanSummary(t *testing.T) {
	de := In(i18n.German)
	names := Names{"Anna", "Bruno"}
	for seed := uint64(1); seed < 40; seed++ {
		g := newGame(t, 0, seed)
		tile, _ := g.Drawn()
		place := Options(g, names)[0]
		if _, err := g.Act(place.Answer); err != nil {
			t.Fatal(err)
		}
		for k, o := range Options(g, names) {
			if !strings.HasPrefix(o.Label, "thief – road") {
				continue
			}
			if got := de.Options(g, names)[k].Label; !strings.HasPrefix(got, "Wegelagerer – Straße") {
				t.Errorf("the German label of %q is %q", o.Label, got)
			}
			m := engine.MoveOfAnswers(tile, []engine.Answer{place.Answer, o.Answer})
			want := fmt.Sprintf("Anna legte %s auf (%s), Wegelagerer auf der Straße.", g.TileSet().Name(tile), place.Cell)
			if got := de.MoveWords(g, 0, m, "", names); got != want {
				t.Errorf("German MoveWords = %q, want %q", got, want)
			}
			return
		}
	}
	t.Fatal("no game of 39 offered a thief on a road in its first turn")
}

// TestWordsInGermanAndPolish: counts in Polish plural forms, lists (and
// the French narrow space before a semicolon), directions and the
// refusals of Lookup.
func TestWordsInGermanAndPolish(t *testing.T) {
	de, pl := In(i18n.German), In(i18n.Polish)
	for _, tc := range []struct {
		got, want string
	}{
		{pl.Plural(1, "point"), "1 punkt"},
		{pl.Plural(2, "point"), "2 punkty"},
		{pl.Plural(5, "point"), "5 punktów"},
		{pl.Plural(22, "gold ingot"), "22 sztabki złota"},
		{pl.Plural(25, "tile"), "25 płytek"},
		{pl.GoodsWords([engine.NumGoods]int{}, [engine.NumGoods]int{engine.GoodWine: 5, engine.GoodGrain: 1}), "5 win i 1 zboże"},
		{de.Plural(1, "tile"), "1 Karte"},
		{de.Plural(3, "follower"), "3 Gefolgsleute"},
		{de.JoinOr([]string{"a", "b", "c"}), "a, b oder c"},
		{de.Heading(engine.Cell{X: 0, Y: 0}, engine.Cell{X: 0, Y: -1}), "Norden"},
		{pl.Heading(engine.Cell{X: 0, Y: 0}, engine.Cell{X: 1, Y: 0}), "wschód"},
		{In(i18n.French).Parts([]string{"a", "b", "c"}), "a\u202f; b\u202f; c"},
		{english.Parts([]string{"a", "b"}), "a; b"},
		{Plural(2, "completed city"), "2 completed cities"},
		{Plural(3, "meeple"), "3 meeples"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	g := newGame(t, 0, 1)
	_, err := de.Lookup(g, Names{"Anna"}, "-")
	if !errors.Is(err, ErrNotOffered) || !strings.HasPrefix(err.Error(), "diese Wahl gibt es gerade nicht: Anna legt Karte ") {
		t.Errorf("German Lookup of an answer not offered: %v", err)
	}
	if _, err := pl.Lookup(g, nil, "large@"); !errors.Is(err, ErrNotOffered) || !strings.Contains(err.Error(), "nie jest teraz dostępny") {
		t.Errorf("Polish Lookup of a bad value: %v", err)
	}
}

// TestFlightLabelWhole checks that a flying machine's option in the
// Follower… menu fits Discord's 100 characters whole in every language
// with its longest words (the large follower, three cells of two-digit
// negative coordinates): cut, it lost its last landing cell.
func TestFlightLabelWhole(t *testing.T) {
	cells := []string{"(-12,-10)", "(-13,-11)", "(-14,-12)"}
	for _, l := range i18n.Supported() {
		vo := In(l)
		label := vo.t("turn.opt.fly", "Figure", vo.Figure(engine.FigureLarge), "Cells", vo.JoinOr(cells))
		if n := utf8.RuneCountInString(label); n > 100 || !strings.HasSuffix(label, cells[2]) {
			t.Errorf("%s: %q is %d characters", l, label, n)
		}
	}
}
