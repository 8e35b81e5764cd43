package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// This file audits the record reader and writer against
// spec/record.md (and the option names of spec/rules-options.md), rule by
// rule. The spec's one full record, "Example", is used verbatim
// (specExample); its grammar and its table of tokens give templates
// (`follower@x,y:tower`, `ransom/seat`, …), which the cases fill in with
// tiles, cells and ports. Each case names the section it comes from.

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
		{"token crop=add", auditHead("Oscar, Carol, Ann", "base, inns-and-cathedrals, crop-circles", auditBaseRules) + "1. CC12 0,-1 0 crop=add follower@0,0:N - large@0,-1:S\n"},
		{"token crop=remove", auditHead("Oscar, Carol, Ann", "base, crop-circles", auditBaseRules) + "1. CC12 0,-1 0 crop=remove return@0,0:N - return@0,-1:S\n"},
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
		// "A turn with expansions": ferry@PORT+PORT names two road ends;
		// the spec leaves their order open, the writer writes them
		// clockwise from the north.
		{"token ferry@PORT+PORT, any order", auditHead("Oscar, Carol", "base, ferries", auditBaseRules) + "1. FE02 1,0 90 ferry@W+E ferry@3,0:S+N\n",
			auditHead("Oscar, Carol", "base, ferries", auditBaseRules) + "1. FE02 1,0 90 ferry@E+W ferry@3,0:N+S\n"},
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

// TestRecordSpecAuditErrors checks the refusals of spec "Errors" (and of
// the rules of "Grammar" and "Expansions" a reader checks): each is a
// *RecordError naming the line and the reason, from ReadRecord or Replay.
func TestRecordSpecAuditErrors(t *testing.T) {
	head := "[Players \"Oscar, Carol\"]\n"
	exp := func(exps string) string { return head + "[Expansions \"" + exps + "\"]\n" }
	tests := []struct {
		section, text string
		line          int
		reason        string
	}{
		// "Errors": "an unknown header or tile": a header that is not
		// [Key "value"] (other keys are kept, "Grammar"), a tile no set has.
		{"Errors, header", head + "[Date 2026]\n", 2, "header"},
		{"Errors, header key", head + "[Da:te \"x\"]\n", 2, "not a header name"},
		{"Errors, unknown tile", head + "1. Y 0,-1 180\n", 2, "no tile \"Y\""},
		{"Errors, tile in lower case", head + "1. e 0,-1 180\n", 2, "no tile \"e\""},
		{"Errors, tile of an expansion not played", head + "1. RV03 0,-1 180\n", 2, "the Expansions header does not name river"},
		// "Errors": "a malformed coordinate".
		{"Errors, coordinate", head + "1. E 0.-1 180\n", 2, "not a cell"},
		{"Errors, coordinate with a space", head + "1. E 0, -1 180\n", 2, "not a cell"},
		{"Errors, coordinate in brackets", head + "1. E (0,-1) 180\n", 2, "not a cell"},
		{"Errors, coordinate half", head + "1. E 0, 180\n", 2, "not a cell"},
		// "Errors": "a rotation that is not a multiple of 90" (Grammar: 0,
		// 90, 180 or 270).
		{"Errors, rotation 45", head + "1. E 0,-1 45\n", 2, "rotation"},
		{"Errors, rotation -90", head + "1. E 0,-1 -90\n", 2, "rotation"},
		{"Errors, rotation word", head + "1. E 0,-1 north\n", 2, "rotation"},
		{"Errors, Start rotation", head + "[Start \"D 0,0 45\"]\n", 2, "rotation"},
		// "Errors": "a placement that breaks the rules (no neighbour, edges
		// that do not match, a cell that is taken)".
		{"Errors, no neighbour", head + "1. E 0,-2 180\n", 2, "neighbour"},
		{"Errors, edges", head + "1. E 0,-1 0\n", 2, "city"},
		{"Errors, cell taken", head + "1. E 0,0 180\n", 2, "already"},
		// "Errors": "a figure on an occupied feature".
		{"Errors, occupied feature", head + "1. V 1,0 0 follower@W\n2. U 1,1 90 follower@N\n", 3, "already has a follower"},
		// "Errors": "a tile that the pile (base game: the counts in
		// tiles.md) no longer holds": two C, one in the pile.
		{"Errors, pile", head + "1. C 0,-1 0\n2. C 1,-1 0\n", 3, "no tile C"},
		// "Errors": "a turn after end".
		{"Errors, turn after end", head + "1. E 0,-1 180\nend\n2. H 0,-2 90\n", 4, "end"},
		{"Errors, end twice", head + "end\nend\n", 3, "end"},
		// "Grammar": <n> "counts up and reports a mismatch as an error".
		{"Grammar, turn number", head + "1. E 0,-1 180\n3. H 0,-2 90\n", 3, "turn 2"},
		{"Grammar, turn number from 1", head + "0. E 0,-1 180\n", 2, "number"},
		{"Grammar, discard keeps the number", head + "1. V discard\n2. E 0,-1 180\n", 3, "turn 1"},
		{"Grammar, no number", head + "E 0,-1 180\n", 2, "number"},
		// "Grammar": Players, 1 to 6.
		{"Grammar, Players seven", "[Players \"A, B, C, D, E, F, G\"]\n", 1, "1 to 6"},
		{"Grammar, Players none", "[Players \"\"]\n", 1, "empty"},
		{"Grammar, Players missing", "[Expansions \"base\"]\n1. E 0,-1 180\n", 2, "Players"},
		// "Grammar": Seed, an unsigned 64-bit integer.
		{"Grammar, Seed too large", head + "[Seed \"18446744073709551616\"]\n", 2, "seed"},
		{"Grammar, Seed negative", head + "[Seed \"-1\"]\n", 2, "seed"},
		// rules-options.md: option names and values.
		{"rules-options, farms", head + "[Rules \"farms=per-tile\"]\n", 2, "farms"},
		{"rules-options, tiny-city", head + "[Rules \"tiny-city=3\"]\n", 2, "tiny-city"},
		{"rules-options, unknown", head + "[Rules \"fields=off\"]\n", 2, "fields"},
		{"rules-options, not key=value", head + "[Rules \"farms\"]\n", 2, "key=value"},
		// rules-options.md: "Option keys go in the record's Rules header
		// only when their expansion is in play."
		{"rules-options, pig without T&B", head + "[Rules \"pig=plus-one\"]\n", 2, "pig is an option of Traders & Builders"},
		{"rules-options, dragon without P&D", head + "[Rules \"dragon=after-scoring\"]\n1. E 0,-1 180\n", 2, "The Princess & the Dragon"},
		{"rules-options, dragon value", exp("base, princess-and-dragon") + "[Rules \"dragon=never\"]\n", 3, "dragon"},
		{"rules-options, princess value", exp("base, princess-and-dragon") + "[Rules \"princess=always\"]\n", 3, "princess"},
		// "Expansions", "Headers": the names of the expansions.
		{"Expansions, unknown", exp("base, dragons"), 2, "dragons"},
		{"Expansions, twice", exp("base, river, river"), 2, "twice"},
		// "A turn with expansions": tokens of an expansion not in the
		// header.
		{"token large@ without I&C", head + "1. E 0,-1 180 large@N\n", 2, "inns-and-cathedrals"},
		{"token builder@ without T&B", head + "1. E 0,-1 180 builder@N\n", 2, "traders-and-builders"},
		{"token tower@ without the Tower", head + "1. E 0,-1 180 tower@0,-1\n", 2, "tower"},
		{"token escape@ without the Cathars", head + "1. E 0,-1 180 escape@0,-1:S\n", 2, "cathars"},
		{"token crop= without the crop circles", head + "1. E 0,-1 180 crop=add\n", 2, "crop-circles"},
		{"token fairy@ without P&D", head + "1. E 0,-1 180 fairy@0,0\n", 2, "princess-and-dragon"},
		// "A turn with expansions": the token grammar.
		{"token, seat out of range", exp("base, tower") + "1. TW01 1,0 0 ransom/7\n", 3, "seat"},
		{"token, seat zero", exp("base, tower") + "1. TW01 1,0 0 ransom/0\n", 3, "seat"},
		{"token, ransom not first", exp("base, tower") + "1. TW01 1,0 0 tower@1,0 ransom/2\n", 3, "first token"},
		{"token, capture without a tower piece", exp("base, tower") + "1. TW01 1,0 0 capture@0,0:N\n", 3, "after a tower piece"},
		{"token, roll 0", exp("base, flying-machines") + "1. FM03 0,1 0 follower@fly roll=0 land@off\n", 3, "1, 2 or 3"},
		{"token, seven dragon steps", exp("base, princess-and-dragon") + "1. PD04 0,1 0 dragon@0,0 dragon@1,0 dragon@1,1 dragon@1,2 dragon@0,2 dragon@-1,2 dragon@-1,1\n", 3, "at most 6"},
		{"token, dragon leaps", exp("base, princess-and-dragon") + "1. PD04 0,1 0 dragon@0,0 dragon@2,0\n", 3, "next to"},
		{"token, crop value", exp("base, crop-circles") + "1. CC12 0,-1 0 crop=swap\n", 3, "crop=add or crop=remove"},
		{"token, return without crop=", exp("base, crop-circles") + "1. CC12 0,-1 0 return@0,0:N\n", 3, "comes after crop=remove"},
		{"token, ferry of one port", exp("base, ferries") + "1. FE02 1,0 90 ferry@E\n", 3, "PORT+PORT"},
		{"token, gold without a cell", exp("base, gold-mines") + "1. GM01 1,0 0 gold@N\n", 3, "not a cell"},
		{"token, mage without a feature", exp("base, mage-and-witch") + "1. MW01 0,-1 0 mage@0,-1\n", 3, "x,y:PORT"},
		{"token, escape twice", exp("base, cathars") + "1. CA01 0,-1 180 escape@0,-1:S escape@0,0:N\n", 3, "one knight"},
		{"token, nothing after discard", head + "1. V discard follower@N\n", 2, "nothing may follow discard"},
		{"token, unknown", head + "1. E 0,-1 180 meeple@N\n", 2, "no token"},
		// "Grammar": resign NAME names a player.
		{"Grammar, resign stranger", head + "resign Mallory\n", 2, "does not play"},
	}
	for _, tt := range tests {
		t.Run(tt.section, func(t *testing.T) {
			rec, err := ReadRecord(strings.NewReader(tt.text))
			if err == nil {
				_, err = rec.Replay()
			}
			var re *RecordError
			if !errors.As(err, &re) {
				t.Fatalf("got %v, want a record error", err)
			}
			if re.Line != tt.line || !strings.Contains(re.Error(), tt.reason) {
				t.Fatalf("got %q at line %d, want line %d mentioning %q", re.Error(), re.Line, tt.line, tt.reason)
			}
		})
	}
}

// TestRecordSpecAuditSupply checks spec "Errors": a figure "with none left
// in supply" is refused at its line. A solo game deploys a follower
// whenever it can; once the supply is empty, one more follower is refused.
func TestRecordSpecAuditSupply(t *testing.T) {
	g, err := New(Config{Players: []string{"Oscar"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for !g.Ended() {
		tile, _ := g.Drawn()
		m := Move{Tile: tile, Discard: true}
		for _, p := range g.Placements() {
			m = Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation}
			if g.Supply(0) == 0 {
				// The check refuses a follower on a free spot for the
				// empty supply.
				for port := NNW; port <= C; port++ {
					if m.Follower = port; errors.Is(g.Check(m), ErrNoFollowers) {
						break
					}
					m.Follower = NoPort
				}
			} else if spots := g.FollowerSpots(p); len(spots) > 0 {
				m.Follower = spots[0].Port
			}
			if m.Follower != NoPort {
				break
			}
		}
		if m.Follower != NoPort && g.Supply(0) == 0 {
			text := g.Record().String()
			line := Turn{Number: len(g.Record().Turns) + 1, Move: m}.String(g.TileSet())
			_, err := readAudit(t, text+line+"\n").Replay()
			var re *RecordError
			if want := strings.Count(text, "\n") + 1; !errors.As(err, &re) || re.Line != want || !errors.Is(err, ErrNoFollowers) {
				t.Fatalf("%s%s\ngot %v, want a record error at line %d for an empty supply", text, line, err, want)
			}
			return
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game ended before a follower could be refused")
}

// auditTwoKnights is a game where A's follower and large follower stand on
// one spot of a city (the crop circle of turn 1 adds the large follower
// next to the follower), and B's princess tile of turn 2 joins that city.
// The city's ports on CC12 (its city (b)) are SSE S SSW ENE E ESE.
const auditTwoKnights = "[Players \"A, B\"]\n[Expansions \"base, inns-and-cathedrals, princess-and-dragon, crop-circles\"]\n" +
	"[Rules \"farms=per-farm, tiny-city=4, dragon=before-scoring, princess=may\"]\n\n" +
	"1. CC12 0,-1 0 follower@S crop=add large@0,-1:S\n"

// TestRecordSpecAuditAnyPort checks spec "Grammar": "Any port of the
// feature names it", for a feature on another tile (x,y:PORT) too: the
// princess names the knight's city by any of its ports on that tile.
func TestRecordSpecAuditAnyPort(t *testing.T) {
	for _, port := range []string{"SSE", "S", "SSW", "ENE", "E", "ESE"} {
		t.Run(port, func(t *testing.T) {
			g, err := readAudit(t, auditTwoKnights+"2. PD11 1,-1 270 princess@0,-1:"+port+"\n").Replay()
			if err != nil {
				t.Fatal(err)
			}
			// The first knight deployed there, the follower, goes home.
			if fs := g.Followers(); len(fs) != 1 || fs[0].Figure != FigureLarge || g.Supply(0) != 7 {
				t.Errorf("followers %v, A's supply %d; want the large follower alone on the board, 7 followers in supply", fs, g.Supply(0))
			}
		})
	}
	// A port that names no feature of that tile is refused.
	if _, err := readAudit(t, auditTwoKnights+"2. PD11 1,-1 270 princess@0,-1:C\n").Replay(); err == nil {
		t.Error("princess@0,-1:C replayed: CC12 has no feature at C but its crop circle")
	}
}

// TestRecordSpecAuditPrincessSeat checks the princess token of spec
// "A turn with expansions": "princess@x,y:PORT ... the princess sends the
// knight on that spot home (/seat and =large when several figures stand
// there)". A's follower and large follower share a spot (auditTwoKnights).
func TestRecordSpecAuditPrincessSeat(t *testing.T) {
	tests := []struct {
		token       string
		left        Figure // the figure left on the board
		written     string // the token the game's record writes
		refusedWith string // when the move is refused
	}{
		{token: "princess@0,-1:S/1=large", left: FigureFollower, written: "princess@0,-1:S/1=large"},
		{token: "princess@0,-1:E/1", left: FigureLarge, written: "princess@0,-1:E/1"},
		{token: "princess@0,-1:E=large", left: FigureFollower, written: "princess@0,-1:E/1=large"},
		// Without seat nor kind, the knight deployed first; the record
		// names it, several knights standing there.
		{token: "princess@0,-1:E", left: FigureLarge, written: "princess@0,-1:E/1"},
		{token: "princess@0,-1:E/2", refusedWith: "no follower of B"},
		{token: "princess@0,-1:E/2=large", refusedWith: "no large follower of B"},
	}
	for _, tt := range tests {
		t.Run(tt.token, func(t *testing.T) {
			text := auditTwoKnights + "2. PD11 1,-1 270 " + tt.token + "\n"
			rec := readAudit(t, text)
			if got := rec.String(); got != text {
				t.Errorf("written:\n%s\nwant:\n%s", got, text)
			}
			g, err := rec.Replay()
			if tt.refusedWith != "" {
				var re *RecordError
				if !errors.As(err, &re) || re.Line != 6 || !strings.Contains(err.Error(), tt.refusedWith) || !errors.Is(err, ErrPrincess) {
					t.Fatalf("got %v, want a refusal at line 6 mentioning %q", err, tt.refusedWith)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if fs := g.Followers(); len(fs) != 1 || fs[0].Figure != tt.left || fs[0].Player != 0 {
				t.Errorf("followers %v, want A's %s alone", fs, tt.left.Title())
			}
			back := g.Record().String()
			if !strings.Contains(back, "2. PD11 1,-1 270 "+tt.written+"\n") {
				t.Errorf("the game's record:\n%s\nwant turn 2 with %s", back, tt.written)
			}
			again, err := readAudit(t, back).Replay()
			if err != nil || again.Record().String() != back {
				t.Errorf("replaying the game's record: %v", err)
			}
		})
	}
	// One knight on the spot: the record names it by its spot alone.
	one := strings.Replace(auditTwoKnights, "crop=add large@0,-1:S", "crop=add -", 1) + "2. PD11 1,-1 270 princess@0,-1:S\n"
	g, err := readAudit(t, one).Replay()
	if err != nil {
		t.Fatal(err)
	}
	if back := g.Record().String(); !strings.Contains(back, "2. PD11 1,-1 270 princess@0,-1:S\n") || len(g.Followers()) != 0 {
		t.Errorf("the game's record:\n%s\nwant turn 2 with princess@0,-1:S, and no follower left: %v", back, g.Followers())
	}
}

// TestRecordSpecAuditEnd checks spec "Grammar", end: "When the last tile of
// the draw pile has been placed the game is over and scored whether or not
// end follows (writers always write it); a record that stops earlier
// without end is a game in progress."
func TestRecordSpecAuditEnd(t *testing.T) {
	g, err := New(Config{Players: []string{"Oscar", "Carol"}, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, g, rand.New(rand.NewPCG(11, 1)), nil)
	text := g.Record().String()
	if !strings.HasSuffix(text, "\nend\n") {
		t.Fatalf("a finished game's record ends with:\n%s", text[max(0, len(text)-40):])
	}
	cut := strings.TrimSuffix(text, "end\n")
	back, err := readAudit(t, cut).Replay()
	if err != nil {
		t.Fatal(err)
	}
	if !back.Ended() || !slices.Equal(back.Scores(), g.Scores()) {
		t.Errorf("without end: ended %v, scores %v; want ended, scores %v", back.Ended(), back.Scores(), g.Scores())
	}
	if got := back.Record().String(); got != text {
		t.Errorf("written back without end:\n%s\nwant end", got[max(0, len(got)-40):])
	}
	// Stopped earlier without end: a game in progress.
	lines := strings.Split(cut, "\n")
	early := strings.Join(lines[:len(lines)-20], "\n") + "\n"
	if back, err := readAudit(t, early).Replay(); err != nil || back.Ended() {
		t.Errorf("a record stopped early: %v, ended %v; want a game in progress", err, back != nil && back.Ended())
	}
	// With end, the same record is scored at once.
	if back, err := readAudit(t, early+"end\n").Replay(); err != nil || !back.Ended() {
		t.Errorf("a record stopped early with end: %v; want a game over", err)
	}
}

// TestPrincessesOncePerSpot: when A's follower and large follower share a
// spot (auditTwoKnights), the princess's targets name the spot once, and
// so do the figure step's answers: a menu of them has no two alike.
func TestPrincessesOncePerSpot(t *testing.T) {
	g, err := readAudit(t, auditTwoKnights).Replay()
	if err != nil {
		t.Fatal(err)
	}
	pd11, ok := g.TileSet().Lookup("PD11")
	if !ok {
		t.Fatal("no tile PD11")
	}
	putOnTop(g, pd11)
	p := Placement{Cell: Cell{1, -1}, Rotation: Rotate270}
	if ps := g.Princesses(p); len(ps) != 1 || ps[0].Cell != (Cell{0, -1}) {
		t.Fatalf("Princesses = %v, want the spot at 0,-1 once", ps)
	}
	if _, err := g.Act(Answer{Step: StepTile, Cell: p.Cell, Rotation: p.Rotation}); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range g.Answers() {
		if a.Princess {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the figure step lists the princess %d times, want once", n)
	}
}
