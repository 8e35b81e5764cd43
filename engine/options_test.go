package engine

import (
	"errors"
	"strings"
	"testing"
)

// TestRuleOptions checks the table of rule options against
// spec/rules-options.md's names and values: each value is read by
// ParseOptions, said back by Value and by the Rules header, a value that
// is none of the option's is refused naming them, and a record naming an
// expansion's option without that expansion is refused, with turns or
// headers alone.
func TestRuleOptions(t *testing.T) {
	want := map[string]string{
		"farms": "per-farm per-city off", "tiny-city": "4 2", "pig": "plus-one",
		"dragon": "before-scoring after-scoring", "princess": "may must", "robbers": "each next",
	}
	rs := RuleOptions()
	if len(rs) != len(want) {
		t.Fatalf("%d rule options, want %d", len(rs), len(want))
	}
	for _, r := range rs {
		if got := strings.Join(r.Values, " "); got != want[r.Name] {
			t.Errorf("%s: values %q, want %q", r.Name, got, want[r.Name])
		}
		if got := r.Value(Options{}); got != r.Values[0] {
			t.Errorf("%s: the zero Options have %q, want the default %q", r.Name, got, r.Values[0])
		}
		for _, v := range r.Values {
			o, err := ParseOptions(r.Name + "=" + v)
			if err != nil || r.Value(o) != v {
				t.Errorf("%s=%s reads as %q, %v", r.Name, v, r.Value(o), err)
				continue
			}
			if back, err := ParseOptions(o.String()); err != nil || back.String() != o.String() || r.Value(back) != v {
				t.Errorf("%s=%s is written %q, which reads back as %+v, %v", r.Name, v, o.String(), back, err)
			}
		}
		o := Options{Dragon: DragonAfterScoring}
		if r.Set(&o, "none of them") || o != (Options{Dragon: DragonAfterScoring}) {
			t.Errorf("%s: a value none of its values is set: %+v", r.Name, o)
		}
		_, err := ParseOptions(r.Name + "=nonsense")
		if !errors.Is(err, ErrBadOption) || !strings.Contains(err.Error(), r.Values[len(r.Values)-1]+`, not "nonsense"`) {
			t.Errorf("%s=nonsense: %v, want ErrBadOption naming its values", r.Name, err)
		}
		if r.Expansion == ExpansionBase {
			continue
		}
		for _, turns := range []string{"1. E 0,-1 180\n", ""} {
			rec := "[Players \"A\"]\n[Rules \"" + r.Name + "=" + r.Values[0] + "\"]\n" + turns
			_, err := ReadRecord(strings.NewReader(rec))
			var re *RecordError
			if !errors.As(err, &re) || re.Line != 2 || !strings.Contains(err.Error(), r.Name+" is an option of "+r.Expansion.Title()) {
				t.Errorf("%q: %v, want an error of line 2 naming %s", rec, err, r.Expansion.Title())
			}
		}
	}
	for _, o := range []Options{{Farms: 3}, {TinyCity: 3}, {Dragon: 2}, {Princess: 2}, {Robbers: 2}, {Edition: 2}} {
		if _, err := NewRules(0, o); !errors.Is(err, ErrBadOption) {
			t.Errorf("%+v: %v, want ErrBadOption", o, err)
		}
	}
	if _, ok := RuleOptionNamed("edition"); ok {
		t.Error("edition is a rule option players choose")
	}
}

// TestValueNames checks the names of the engine's enumerations, and of a
// value out of range.
func TestValueNames(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{NNE.String(), "NNE"}, {Port(200).String(), "Port(200)"}, {Side(9).String(), "Side(9)"},
		{EdgeKind(9).String(), "EdgeKind(9)"}, {FeatureKind(9).String(), "FeatureKind(9)"}, {Heading(9).String(), "Heading(9)"},
		{DragonAfterScoring.String(), "after-scoring"}, {DragonTiming(7).String(), "DragonTiming(7)"},
		{PrincessMust.String(), "must"}, {RobbersNext.String(), "next"}, {FarmsOff.String(), "off"}, {FarmScoring(5).String(), "FarmScoring(5)"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
