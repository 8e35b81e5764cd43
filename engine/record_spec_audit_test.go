package engine

import (
	"strings"
	"testing"
)

// This file audits the record reader and writer against
// spec/record.md, rule by rule and example by example. Lines quoted from
// the spec are copied verbatim; each case names the section it comes from.

// auditHead returns the headers a writer emits for players, expansions and
// rules, then the blank line before the turns.
func auditHead(players, exps, rules string) string {
	return "[Players \"" + players + "\"]\n[Expansions \"" + exps + "\"]\n[Rules \"" + rules + "\"]\n\n"
}

const auditBaseRules = "farms=per-farm, tiny-city=4"

// readAudit reads text and fails the test on an error.
func readAudit(tb testing.TB, text string) *Record {
	tb.Helper()
	rec, err := ReadRecord(strings.NewReader(text))
	if err != nil {
		tb.Fatalf("reading:\n%s\ngot error %v", text, err)
	}
	return rec
}

// TestRecordSpecAuditCanonical reads records already in the form a writer
// gives them and checks that writing them gives the same bytes (spec
// "Writing": "writing it again gives the same bytes").
func TestRecordSpecAuditCanonical(t *testing.T) {
	base := auditHead("Oscar, Carol", "base", auditBaseRules)
	with := func(exps, rules string) string { return auditHead("Oscar, Carol", exps, rules) }
	tests := []struct {
		section, text string
	}{
		// "Example", less its comment line.
		{"Example", "[Players \"Oscar, Carol\"]\n[Expansions \"base\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n\n1. E 0,-1 180 follower@N\n2. H 0,-2 90\n3. E 1,-2 270 follower@N\nend\n"},
		// "Grammar": a game in progress stops without end.
		{"Grammar, end", base + "1. E 0,-1 180 follower@N\n2. H 0,-2 90\n"},
		// "Grammar": headers alone.
		{"Grammar, headers", "[Players \"Oscar, Carol\"]\n[Expansions \"base\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n"},
		// "Grammar": Players, 1 to 6 players.
		{"Grammar, Players solo", auditHead("Oscar", "base", auditBaseRules) + "1. E 0,-1 180 follower@N\n"},
		{"Grammar, Players six", auditHead("A, B, C, D, E, F", "base", auditBaseRules) + "1. E 0,-1 180\n"},
		// "Grammar": Rules, rules-options.md values.
		{"Grammar, Rules", auditHead("Oscar, Carol", "base", "farms=per-city, tiny-city=2") + "1. E 0,-1 180\n"},
		{"Grammar, Rules off", auditHead("Oscar, Carol", "base", "farms=off, tiny-city=4") + "1. E 0,-1 180\n"},
		// "Grammar": Start, tile x,y rotation, written when not the default;
		// Seed; other keys kept, in the order above.
		{"Grammar, Start and Seed", "[Players \"Oscar, Carol\"]\n[Expansions \"base\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n[Start \"D 0,0 90\"]\n[Seed \"18446744073709551615\"]\n[Date \"2026-11-23\"]\n[Guild \"1\"]\n[Channel \"2\"]\n[Game \"3\"]\n\n1. E 1,0 270\n"},
		// "Grammar": discard keeps the turn number.
		{"Grammar, discard", base + "1. E 0,-1 180\n2. V discard\n2. H 0,-2 90\n"},
		// "Grammar": resign NAME between turns.
		{"Grammar, resign", auditHead("Oscar, Carol, Ann", "base", auditBaseRules) + "1. E 0,-1 180\nresign Carol\n2. H 0,-2 90\nend\n"},
		// "Expansions", "Headers": every expansion the engine plays, in the
		// writers' order; Rules with each expansion's options.
		{"Expansions, Headers", auditHead("Oscar, Carol", "base, river, river2, inns-and-cathedrals, traders-and-builders, princess-and-dragon, tower, flying-machines, ferries, gold-mines, mage-and-witch, crop-circles, king-and-robber, cathars, gq11",
			"farms=per-farm, tiny-city=4, pig=plus-one, dragon=before-scoring, princess=may") + "end\n"},
		{"Expansions, Headers, T&B", with("base, traders-and-builders", "farms=per-farm, tiny-city=4, pig=plus-one") + "1. TB08 0,-1 0 builder@S\n2. E 1,-1 0 pig@S\n"},
		{"Expansions, Headers, P&D options", with("base, princess-and-dragon", "farms=per-farm, tiny-city=4, dragon=after-scoring, princess=must") + "1. PD04 aside\n"},
		// "Expansions", "Headers", Start: the default with a river is left
		// out; another start is written.
		{"Expansions, Start river", with("base, river", auditBaseRules) + "1. RV03 0,1 0\n"},
		{"Expansions, Start river2", with("base, river2", auditBaseRules) + "1. R204 0,1 0\n"},
		{"Expansions, Start not default", "[Players \"Oscar, Carol\"]\n[Expansions \"base, river\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n[Start \"D 0,0 0\"]\n"},
		// "A turn with expansions", the table of tokens.
		{"token large@PORT", with("base, inns-and-cathedrals", auditBaseRules) + "1. IC13 0,-1 0 large@N\n"},
		{"token builder@PORT, pig@PORT", with("base, traders-and-builders", "farms=per-farm, tiny-city=4, pig=plus-one") + "1. E 0,-1 180 follower@N\n2. TB08 1,0 0 builder@W\n3. E 0,-2 0 pig@N\n"},
		{"token follower@x,y:PORT (portal)", with("base, inns-and-cathedrals, princess-and-dragon", "farms=per-farm, tiny-city=4, dragon=before-scoring, princess=may") + "1. PD02 0,-1 0 follower@0,0:N\n2. PD02 1,0 0 large@0,0:S\n"},
		{"token princess@x,y:PORT", with("base, princess-and-dragon", "farms=per-farm, tiny-city=4, dragon=before-scoring, princess=may") + "1. PD04 0,1 180 princess@0,0:N\n"},
		{"token fairy@x,y", with("base, princess-and-dragon", "farms=per-farm, tiny-city=4, dragon=before-scoring, princess=may") + "1. E 0,-1 180 fairy@0,-1\n"},
		{"token dragon@x,y, up to six", with("base, princess-and-dragon", "farms=per-farm, tiny-city=4, dragon=before-scoring, princess=may") + "1. PD04 0,1 0 dragon@0,0 dragon@1,0 dragon@1,1 dragon@1,2 dragon@0,2 dragon@-1,2\n"},
		{"token aside", with("base, princess-and-dragon", "farms=per-farm, tiny-city=4, dragon=before-scoring, princess=may") + "1. PD04 aside\n1. E 0,-1 180\n"},
		{"token tower@x,y capture@x,y:PORT", with("base, tower", auditBaseRules) + "1. TW01 1,0 0 tower@1,0 capture@0,0:N\n"},
		{"token follower@x,y:tower", with("base, tower", auditBaseRules) + "1. E 0,-1 180 follower@1,0:tower\n"},
		{"token ransom/seat first", with("base, tower", auditBaseRules) + "1. TW01 1,0 0 ransom/2 tower@1,0 capture@0,0:N\n"},
		{"token follower@fly roll=N land@x,y:PORT", with("base, flying-machines", auditBaseRules) + "1. FM03 0,1 0 follower@fly roll=2 land@-2,-1:C\n"},
		{"token large@fly roll=N land@off", with("base, inns-and-cathedrals, flying-machines", auditBaseRules) + "1. FM03 0,1 0 large@fly roll=3 land@off\n"},
		{"token ferry@PORT+PORT ferry@x,y:PORT+PORT", with("base, ferries", auditBaseRules) + "1. FE02 1,0 90 ferry@E+W ferry@3,0:E+W\n"},
		{"token gold@x,y", with("base, gold-mines", auditBaseRules) + "1. GM01 1,0 0 gold@1,1\n"},
		{"token mage@x,y:PORT", with("base, mage-and-witch", auditBaseRules) + "1. MW01 0,-1 0 mage@0,-1:S follower@N\n"},
		{"token witch@x,y:PORT", with("base, mage-and-witch", auditBaseRules) + "1. MW01 0,-1 0 witch@0,-1:N\n"},
		{"token mage@off, witch@off", with("base, mage-and-witch", auditBaseRules) + "1. MW01 0,-1 0 mage@off\n2. MW02 1,0 0 witch@off\n"},
		{"token crop=add", auditHead("Oscar, Carol, Ann", "base, inns-and-cathedrals, crop-circles", auditBaseRules) + "1. CC01 0,-1 180 crop=add follower@0,0:N - large@0,-1:S\n"},
		{"token crop=remove", auditHead("Oscar, Carol, Ann", "base, crop-circles", auditBaseRules) + "1. CC01 0,-1 180 crop=remove return@0,0:N - return@0,-1:S\n"},
		{"token escape@x,y:PORT", with("base, cathars", auditBaseRules) + "1. CA01 0,-1 180 escape@0,-1:S\n"},
		// "A turn with expansions": an extra turn counts up as usual.
		{"extra turn", with("base, traders-and-builders", "farms=per-farm, tiny-city=4, pig=plus-one") + "1. E 0,-1 180\n2. V 1,0 0 follower@W\n3. V 2,0 0\n4. U 3,0 0 builder@W\n5. U 4,0 0\n6. K 5,0 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.section, func(t *testing.T) {
			rec := readAudit(t, tt.text)
			if got := rec.String(); got != tt.text {
				t.Errorf("written:\n%s\nwant:\n%s", got, tt.text)
			}
			again := readAudit(t, rec.String())
			if got := again.String(); got != tt.text {
				t.Errorf("written twice:\n%s\nwant:\n%s", got, tt.text)
			}
		})
	}
}

// TestRecordSpecAuditReads reads records that the spec allows but a writer
// does not emit as they are, and checks what the writer gives back.
func TestRecordSpecAuditReads(t *testing.T) {
	base := auditHead("Oscar, Carol", "base", auditBaseRules)
	tests := []struct {
		section, text, want string
	}{
		// "Example", verbatim: the comment is dropped.
		{"Example", specExample, strings.SplitN(specExample, "\n", 2)[1]},
		// "Grammar": "# starts a comment that runs to the end of the line.
		// Blank lines are ignored."
		{"Grammar, comments and blank lines",
			"# a game\n\n[Players \"Oscar, Carol\"] # the players\n\n[Expansions \"base\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n# turns\n\n1. E 0,-1 180 follower@N # a farmer\n\n2. H 0,-2 90\n   \nend # over\n# after the end\n\n",
			base + "1. E 0,-1 180 follower@N\n2. H 0,-2 90\nend\n"},
		// "Grammar": Expansions (optional, default base); Rules (optional):
		// options not named take their default.
		{"Grammar, optional headers", "[Players \"Oscar, Carol\"]\n1. E 0,-1 180\n", base + "1. E 0,-1 180\n"},
		{"Grammar, Rules partial", "[Players \"Oscar, Carol\"]\n[Rules \"tiny-city=2\"]\n1. E 0,-1 180\n",
			auditHead("Oscar, Carol", "base", "farms=per-farm, tiny-city=2") + "1. E 0,-1 180\n"},
		{"Grammar, Rules empty", "[Players \"Oscar, Carol\"]\n[Rules \"\"]\n1. E 0,-1 180\n", base + "1. E 0,-1 180\n"},
		// "Grammar": Start (optional, default D 0,0 0).
		{"Grammar, Start default", "[Players \"Oscar, Carol\"]\n[Start \"D 0,0 0\"]\n1. E 0,-1 180\n", base + "1. E 0,-1 180\n"},
		// "Writing": "A writer emits the headers it knows in the order
		// above", whatever order they were read in.
		{"Writing, header order",
			"[Date \"2026-11-23\"]\n[Seed \"7\"]\n[Start \"D 0,0 90\"]\n[Rules \"farms=off\"]\n[Expansions \"base\"]\n[Players \"Oscar,Carol\"]\n[Guild \"1\"]\n",
			"[Players \"Oscar, Carol\"]\n[Expansions \"base\"]\n[Rules \"farms=off, tiny-city=4\"]\n[Start \"D 0,0 90\"]\n[Seed \"7\"]\n[Date \"2026-11-23\"]\n[Guild \"1\"]\n"},
		// "Expansions", "Headers": "Writers list them in that order."
		{"Expansions, order", "[Players \"Oscar, Carol\"]\n[Expansions \"tower, inns-and-cathedrals, base, river\"]\n",
			"[Players \"Oscar, Carol\"]\n[Expansions \"base, river, inns-and-cathedrals, tower\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n"},
		{"Expansions, base left out", "[Players \"Oscar, Carol\"]\n[Expansions \"river\"]\n",
			"[Players \"Oscar, Carol\"]\n[Expansions \"base, river\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n"},
		// "Expansions", "Headers": Rules, "each expansion's options"; not
		// named, they take their default.
		{"Expansions, Rules defaults", "[Players \"Oscar, Carol\"]\n[Expansions \"base, traders-and-builders, princess-and-dragon\"]\n",
			"[Players \"Oscar, Carol\"]\n[Expansions \"base, traders-and-builders, princess-and-dragon\"]\n[Rules \"farms=per-farm, tiny-city=4, pig=plus-one, dragon=before-scoring, princess=may\"]\n"},
		// "Expansions", "Headers": Start, the river's spring by default.
		{"Expansions, Start river spring", "[Players \"Oscar, Carol\"]\n[Expansions \"base, river\"]\n[Start \"RV01 0,0 0\"]\n",
			"[Players \"Oscar, Carol\"]\n[Expansions \"base, river\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n"},
		{"Expansions, Start river2 spring", "[Players \"Oscar, Carol\"]\n[Expansions \"base, river2\"]\n[Start \"R201 0,0 0\"]\n",
			"[Players \"Oscar, Carol\"]\n[Expansions \"base, river2\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n"},
		{"Expansions, Start both rivers", "[Players \"Oscar, Carol\"]\n[Expansions \"base, river, river2\"]\n[Start \"RV01 0,0 0\"]\n",
			"[Players \"Oscar, Carol\"]\n[Expansions \"base, river, river2\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n"},
		// Line endings: one item per line, CRLF read as LF.
		{"Grammar, CRLF", "[Players \"Oscar, Carol\"]\r\n\r\n1. E 0,-1 180 follower@N\r\nend\r\n", base + "1. E 0,-1 180 follower@N\nend\n"},
	}
	for _, tt := range tests {
		t.Run(tt.section, func(t *testing.T) {
			rec := readAudit(t, tt.text)
			if got := rec.String(); got != tt.want {
				t.Errorf("written:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestRecordSpecAuditStart checks the start tile each Start header or its
// default gives (spec "Grammar", Start; "Expansions", "Headers", Start).
func TestRecordSpecAuditStart(t *testing.T) {
	tests := []struct {
		text, tile string
		cell       Cell
		rot        Rotation
	}{
		{"[Players \"A\"]\n", "D", Cell{}, 0},
		{"[Players \"A\"]\n[Start \"D 0,0 90\"]\n", "D", Cell{}, Rotate90},
		{"[Players \"A\"]\n[Start \"D 2,-1 270\"]\n", "D", Cell{2, -1}, Rotate270},
		{"[Players \"A\"]\n[Expansions \"base, river\"]\n", "RV01", Cell{}, 0},
		{"[Players \"A\"]\n[Expansions \"base, river2\"]\n", "R201", Cell{}, 0},
		{"[Players \"A\"]\n[Expansions \"base, river, river2\"]\n", "RV01", Cell{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			g, err := readAudit(t, tt.text).Replay()
			if err != nil {
				t.Fatal(err)
			}
			tile, ok := g.TileAt(tt.cell)
			if !ok || g.Rules().Tiles.Name(tile.Tile) != tt.tile || tile.Rotation != tt.rot {
				t.Errorf("at %s: got %+v (%v), want %s turned %s", tt.cell, tile, ok, tt.tile, tt.rot)
			}
		})
	}
}
