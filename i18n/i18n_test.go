package i18n

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
)

// forms lists a message's texts by CLDR plural form, the forms it has only.
func forms(m *goi18n.Message) map[plural.Form]string {
	out := map[plural.Form]string{}
	for f, s := range map[plural.Form]string{plural.Zero: m.Zero, plural.One: m.One, plural.Two: m.Two, plural.Few: m.Few, plural.Many: m.Many, plural.Other: m.Other} {
		if s != "" {
			out[f] = s
		}
	}
	return out
}

// isPlural reports whether m counts something: it has a form besides other.
func isPlural(m *goi18n.Message) bool {
	return m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != ""
}

var formNames = map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}

// placeholderRE finds a template action; fieldRE a field it reads.
var (
	placeholderRE = regexp.MustCompile(`\{\{.*?\}\}`)
	fieldRE       = regexp.MustCompile(`\.([A-Za-z_][A-Za-z0-9_]*)`)
)

// placeholders returns the fields ({{.Player}} → "Player") text reads.
func placeholders(text string) map[string]bool {
	out := map[string]bool{}
	for _, action := range placeholderRE.FindAllString(text, -1) {
		for _, m := range fieldRE.FindAllStringSubmatch(action, -1) {
			out[m[1]] = true
		}
	}
	return out
}

// englishIDs returns the ids of English's messages, sorted.
func englishIDs(tb testing.TB) []string {
	tb.Helper()
	ids := slices.Sorted(maps.Keys(messages().files[English]))
	if len(ids) == 0 {
		tb.Fatal("active.en.toml holds no message")
	}
	return ids
}

func TestEveryMessageInEveryLanguage(t *testing.T) {
	c := messages()
	en := englishIDs(t)
	for _, l := range Supported()[1:] {
		t.Run(l.String(), func(t *testing.T) {
			for _, id := range en {
				m, ok := c.files[l][id]
				if !ok {
					t.Errorf("message %q is missing in active.%s.toml", id, l)
					continue
				}
				if isPlural(m) != isPlural(c.files[English][id]) {
					t.Errorf("%s: plural %v, English plural %v", id, isPlural(m), isPlural(c.files[English][id]))
				}
			}
			for id := range c.files[l] {
				if _, ok := c.files[English][id]; !ok {
					t.Errorf("message %q of active.%s.toml is not in English (a misspelt or stale id)", id, l)
				}
			}
		})
	}
}

func TestPlaceholders(t *testing.T) {
	c := messages()
	for _, id := range englishIDs(t) {
		want := map[string]bool{}
		for _, s := range forms(c.files[English][id]) {
			maps.Copy(want, placeholders(s))
		}
		for _, l := range Supported() {
			m := c.files[l][id]
			if m == nil {
				continue // TestEveryMessageInEveryLanguage says so
			}
			for f, s := range forms(m) {
				got := placeholders(s)
				for p := range want {
					// A one form may spell the count out ("einen Punkt").
					if !got[p] && !(p == "Count" && f != plural.Other) {
						t.Errorf("%s %s (%s) %q lacks {{.%s}} of the English message", l, id, formNames[f], s, p)
					}
				}
				for p := range got {
					if !want[p] && p != "Count" {
						t.Errorf("%s %s (%s) %q reads {{.%s}}, which the English message does not have", l, id, formNames[f], s, p)
					}
				}
			}
		}
	}
}

// sampleData gives every placeholder of every message a value.
func sampleData(c *catalog, id string) map[string]any {
	data := map[string]any{}
	for _, l := range Supported() {
		if m := c.files[l][id]; m != nil {
			for _, s := range forms(m) {
				for p := range placeholders(s) {
					data[p] = "«" + p + "»"
				}
			}
		}
	}
	return data
}

func TestEveryMessageReads(t *testing.T) {
	c := messages()
	for _, id := range englishIDs(t) {
		for _, l := range Supported() {
			var count any
			if isPlural(c.files[English][id]) {
				count = 2
			}
			data := sampleData(c, id)
			data["Count"] = 2
			s, err := c.localize(l, id, count, data)
			if err != nil {
				t.Errorf("%s %s: %v", l, id, err)
			}
			if strings.TrimSpace(s) == "" || strings.Contains(s, "<no value>") {
				t.Errorf("%s %s = %q, want a text with every placeholder filled", l, id, s)
			}
		}
	}
}

// requiredForms returns the plural forms language l needs, by the CLDR
// rules of golang.org/x/text (integers and numbers with one decimal)
// together with those go-i18n chooses for integers and decimals (its CLDR
// is newer: French, Spanish and Italian have many for millions).
func requiredForms(l Lang) map[plural.Form]bool {
	tag := l.info().tag
	out := map[plural.Form]bool{}
	for n := range 1001 {
		out[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)] = true
		if n <= 100 {
			for d := 1; d <= 9; d++ {
				out[plural.Cardinal.MatchPlural(tag, n, 1, 1, d, d)] = true
			}
		}
	}
	return out
}

// pluralCounts are counts that reach every plural form go-i18n knows, as
// numbers and as decimals written out.
func pluralCounts() []any {
	var counts []any
	for n := range 1001 {
		counts = append(counts, n)
	}
	counts = append(counts, 1000000, 2000000, 1000000000, "0.5", "1.0", "1.5", "2.5", "5.5", "22.5")
	return counts
}

func TestPluralForms(t *testing.T) {
	c := messages()
	for _, id := range englishIDs(t) {
		if !isPlural(c.files[English][id]) {
			continue
		}
		for _, l := range Supported() {
			m := c.files[l][id]
			if m == nil {
				continue
			}
			have := forms(m)
			for f := range requiredForms(l) {
				if _, ok := have[f]; !ok {
					t.Errorf("%s %s lacks the plural form %s, which CLDR requires", l, id, formNames[f])
				}
			}
			// go-i18n says when it wants a form the message lacks.
			data := sampleData(c, id)
			for _, n := range pluralCounts() {
				data["Count"] = n
				if _, err := c.localize(l, id, n, data); err != nil {
					t.Errorf("%s %s, count %v: %v", l, id, n, err)
					break
				}
			}
		}
	}
}

func TestPolishPlurals(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, "0 punktów"}, {1, "1 punkt"}, {2, "2 punkty"}, {4, "4 punkty"}, {5, "5 punktów"},
		{12, "12 punktów"}, {21, "21 punktów"}, {22, "22 punkty"}, {25, "25 punktów"}, {104, "104 punkty"}, {112, "112 punktów"},
	} {
		if got := Polish.N("points", tc.n, nil); got != tc.want {
			t.Errorf("Polish.N(points, %d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct {
		n    int
		want string
	}{{1, "Została 1 płytka"}, {2, "Zostały 2 płytki"}, {5, "Zostało 5 płytek"}, {22, "Zostały 22 płytki"}, {25, "Zostało 25 płytek"}} {
		if got := Polish.N("tiles_left", tc.n, nil); got != tc.want {
			t.Errorf("Polish.N(tiles_left, %d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got, want := Polish.N("player_scores", 3, map[string]any{"Player": "Ala"}), "Ala zdobywa 3 punkty"; got != want {
		t.Errorf("Polish.N(player_scores, 3) = %q, want %q", got, want)
	}
}

func TestPlurals(t *testing.T) {
	for _, tc := range []struct {
		l    Lang
		n    int
		want string
	}{
		{English, 1, "1 point"}, {English, 0, "0 points"}, {English, 2, "2 points"},
		{German, 1, "1 Punkt"}, {German, 7, "7 Punkte"},
		{French, 0, "0 point"}, {French, 1, "1 point"}, {French, 2, "2 points"}, {French, 1000000, "1000000 de points"},
		{Spanish, 1, "1 punto"}, {Spanish, 0, "0 puntos"},
		{Italian, 1, "1 punto"}, {Italian, 3, "3 punti"},
	} {
		if got := tc.l.N("points", tc.n, nil); got != tc.want {
			t.Errorf("%s.N(points, %d) = %q, want %q", tc.l.Name(), tc.n, got, tc.want)
		}
	}
	data := map[string]any{"Player": "Ada"}
	if got, want := German.N("player_scores", 1, data), "Ada erhält 1 Punkt"; got != want {
		t.Errorf("German.N(player_scores, 1) = %q, want %q", got, want)
	}
	if _, ok := data["Count"]; ok {
		t.Error("N wrote Count into the caller's data")
	}
}

// discordName is Discord's rule for command and option names, which must
// also be lowercase.
var discordName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

func TestCommandTexts(t *testing.T) {
	c := messages()
	for _, id := range englishIDs(t) {
		if !strings.HasPrefix(id, "command.") {
			continue
		}
		for _, l := range Supported() {
			s := l.T(id, nil)
			switch {
			case strings.HasSuffix(id, ".name"):
				if !discordName.MatchString(s) || strings.ToLower(s) != s {
					t.Errorf("%s %s = %q: a command or option name is 1-32 lowercase letters, digits, - or _", l, id, s)
				}
			default: // a description or a choice's name
				if n := utf8.RuneCountInString(s); n < 1 || n > 100 {
					t.Errorf("%s %s = %q: %d characters, want 1 to 100", l, id, s, n)
				}
			}
		}
		// The English name is the one bot/commands.go registers, and the
		// last part of the id: command.<sub>.<option>.name.
		if parts := strings.Split(id, "."); len(parts) > 2 && parts[len(parts)-1] == "name" {
			if got, want := c.files[English][id].Other, parts[len(parts)-2]; got != want {
				t.Errorf("English %s = %q, want %q", id, got, want)
			}
		}
	}
	// Names must differ among siblings in every language: the subcommands,
	// and each subcommand's options (with the shared game option).
	for _, l := range Supported() {
		subs := map[string]string{}
		options := map[string]map[string]string{}
		for _, id := range englishIDs(t) {
			parts := strings.Split(id, ".")
			if parts[0] != "command" || parts[len(parts)-1] != "name" || parts[1] == "option" {
				continue
			}
			name := l.T(id, nil)
			switch len(parts) {
			case 3:
				if other, ok := subs[name]; ok {
					t.Errorf("%s: subcommands %s and %s are both %q", l, other, id, name)
				}
				subs[name] = id
			case 4:
				if options[parts[1]] == nil {
					options[parts[1]] = map[string]string{l.T("command.option.game.name", nil): "command.option.game.name"}
				}
				if other, ok := options[parts[1]][name]; ok {
					t.Errorf("%s: options %s and %s are both %q", l, other, id, name)
				}
				options[parts[1]][name] = id
			}
		}
	}
}

func TestCommandLocalizations(t *testing.T) {
	got := CommandLocalizations("command.new.name")
	want := map[string]string{"de": "neu", "fr": "nouvelle", "es-ES": "nueva", "es-419": "nueva", "it": "nuova", "pl": "nowa"}
	if !maps.Equal(got, want) {
		t.Errorf("CommandLocalizations(command.new.name) = %v, want %v", got, want)
	}
	// Discord's locales: https://discord.com/developers/docs/reference#locales
	discord := []string{"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"}
	for _, id := range englishIDs(t) {
		for loc, s := range CommandLocalizations(id) {
			if !slices.Contains(discord, loc) || strings.HasPrefix(loc, "en") {
				t.Errorf("CommandLocalizations(%s) has locale %q", id, loc)
			}
			if s == "" {
				t.Errorf("CommandLocalizations(%s)[%s] is empty", id, loc)
			}
		}
	}
	for _, l := range Supported() {
		if !slices.Contains(discord, l.Discord()) {
			t.Errorf("%s.Discord() = %q, not a Discord locale", l.Name(), l.Discord())
		}
	}
	if got := CommandLocalizations("no.such.message"); len(got) != 0 {
		t.Errorf("CommandLocalizations(no.such.message) = %v, want none", got)
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Lang
	}{
		// Discord's locales.
		{"en-US", English}, {"en-GB", English}, {"de", German}, {"fr", French},
		{"es-ES", Spanish}, {"es-419", Spanish}, {"it", Italian}, {"pl", Polish},
		{"pt-BR", English}, {"nl", English}, {"ru", English}, {"uk", English}, {"cs", English},
		{"sv-SE", English}, {"no", English}, {"da", English}, {"ja", English}, {"zh-CN", English},
		// BCP 47 tags, the package's own included.
		{"de-AT", German}, {"de-CH", German}, {"fr-CA", French}, {"es-MX", Spanish}, {"it-CH", Italian},
		// POSIX LANG values.
		{"de_DE.UTF-8", German}, {"pl_PL.UTF-8", Polish}, {"fr_FR@euro", French}, {"es_MX.utf8", Spanish},
		{"it_IT", Italian}, {"en_US.UTF-8", English}, {"pt_BR.UTF-8", English},
		{"C", English}, {"C.UTF-8", English}, {"POSIX", English},
		// Nothing to read.
		{"", English}, {"   ", English}, {"not a language!", English}, {"xx-yy-zz-1234567890", English},
	} {
		if got := Parse(tc.in); got != tc.want {
			t.Errorf("Parse(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	for _, l := range Supported() {
		if got := Parse(l.String()); got != l {
			t.Errorf("Parse(%q) = %s, want %s", l.String(), got, l)
		}
		if got := Parse(l.Discord()); got != l {
			t.Errorf("Parse(%q) = %s, want %s", l.Discord(), got, l)
		}
	}
}

func TestLangs(t *testing.T) {
	want := []struct{ tag, name, discord string }{
		{"en", "English", "en-US"}, {"de", "Deutsch", "de"}, {"fr", "Français", "fr"},
		{"es", "Español", "es-ES"}, {"it", "Italiano", "it"}, {"pl", "Polski", "pl"},
	}
	got := Supported()
	if len(got) != len(want) || got[0] != English {
		t.Fatalf("Supported() = %v, want %d languages, English first", got, len(want))
	}
	for i, l := range got {
		if l.String() != want[i].tag || l.Name() != want[i].name || l.Discord() != want[i].discord {
			t.Errorf("Supported()[%d] = %s %s %s, want %v", i, l, l.Name(), l.Discord(), want[i])
		}
	}
	var zero Lang
	if zero != English || Lang(200).String() != "en" || Lang(200).T("command.new.name", nil) != "new" {
		t.Error("the zero Lang and a Lang out of range should read English")
	}
}

func TestMissingMessage(t *testing.T) {
	for _, l := range Supported() {
		if got := l.T("no.such.message", nil); got != "no.such.message" {
			t.Errorf("%s.T(no.such.message) = %q, want the id", l, got)
		}
		if got := l.N("no.such.count", 3, map[string]any{"X": 1}); got != "no.such.count" {
			t.Errorf("%s.N(no.such.count) = %q, want the id", l, got)
		}
	}
	// A message only English has reads in English in every language.
	fsys := fstest.MapFS{}
	for _, l := range Supported() {
		text := fmt.Sprintf("%q = %q\n", "hello", "hello in "+l.String())
		if l == English {
			text += `"only" = "only in English"` + "\n" + "[apples]\none = \"{{.Count}} apple\"\nother = \"{{.Count}} apples\"\n"
		}
		fsys["m/active."+l.String()+".toml"] = &fstest.MapFile{Data: []byte(text)}
	}
	c, err := newCatalog(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range Supported() {
		if got, want := mustLocalize(c, l, "hello", nil), "hello in "+l.String(); got != want {
			t.Errorf("%s hello = %q, want %q", l, got, want)
		}
		if got, want := mustLocalize(c, l, "only", nil), "only in English"; got != want {
			t.Errorf("%s only = %q, want %q", l, got, want)
		}
		if got, want := mustLocalize(c, l, "apples", 5), "5 apples"; got != want {
			t.Errorf("%s apples 5 = %q, want %q", l, got, want)
		}
	}
	// A part's own files (part.<tag>.toml) add their messages; an id in
	// two files is an error.
	fsys["m/part.en.toml"] = &fstest.MapFile{Data: []byte(`"part.hi" = "hi"` + "\n")}
	fsys["m/part.pl.toml"] = &fstest.MapFile{Data: []byte(`"part.hi" = "cześć"` + "\n")}
	if c, err := newCatalog(fsys, "m"); err != nil || mustLocalize(c, Polish, "part.hi", nil) != "cześć" || mustLocalize(c, German, "part.hi", nil) != "hi" {
		t.Errorf("a part's files: %v", err)
	}
	fsys["m/other.pl.toml"] = &fstest.MapFile{Data: []byte(`"part.hi" = "hej"` + "\n")}
	if _, err := newCatalog(fsys, "m"); err == nil || !strings.Contains(err.Error(), "two files") {
		t.Errorf("an id in two files: %v", err)
	}
	delete(fsys, "m/other.pl.toml")
	// A language without a file reads English; English without one is an error.
	delete(fsys, "m/active.pl.toml")
	if c, err := newCatalog(fsys, "m"); err != nil || mustLocalize(c, Polish, "hello", nil) != "hello in en" {
		t.Errorf("without active.pl.toml: %v", err)
	}
	delete(fsys, "m/active.en.toml")
	if _, err := newCatalog(fsys, "m"); err == nil {
		t.Error("newCatalog without active.en.toml: no error")
	}
}

// mustLocalize returns message id of c in l, for count when not nil.
func mustLocalize(c *catalog, l Lang, id string, count any) string {
	data := map[string]any{"Count": count}
	s, _ := c.localize(l, id, count, data)
	return s
}

// TestData: a message's data from pairs, leaving out a name that is not
// a string and a name without its value.
func TestData(t *testing.T) {
	if d := Data(); d != nil {
		t.Errorf("Data() = %v, want nil", d)
	}
	d := Data("Player", "Alice", 3, "x", "Count", 2, "Cell")
	if len(d) != 2 || d["Player"] != "Alice" || d["Count"] != 2 {
		t.Errorf("Data(…) = %v", d)
	}
	if got := English.T("bot.preview.chosen", Data("Step", "Escape", "Choice", "No escape")); got != "Escape: **No escape**" {
		t.Errorf("a message with Data: %q", got)
	}
}

// TestFrenchElision: French writes "de" as "d'" before a name that begins
// with a vowel ("le partisan d'Ordinateur (normal)", "Tour d'Émile"), and
// keeps "de" before a consonant, an h, a y or a number; "le" the same
// ("vers l'est", "vers le nord"); no other language
// elides ("de Ana" in Spanish), and every French message that had "de"
// before a placeholder now elides it.
func TestFrenchElision(t *testing.T) {
	for _, c := range []struct {
		l            Lang
		player, want string
	}{
		{French, "Ordinateur (normal)", "le partisan d'Ordinateur (normal)"},
		{French, "Alice", "le partisan d'Alice"},
		{French, "Émile", "le partisan d'Émile"},
		{French, "ulla", "le partisan d'ulla"},
		{French, "Bob", "le partisan de Bob"},
		{French, "Hélène", "le partisan de Hélène"},
		{French, "Yann", "le partisan de Yann"},
		{French, "3", "le partisan de 3"},
		{French, "", "le partisan de "},
		{Spanish, "Ana", "le partisan de Ana"},
		{Italian, "Anna", "le partisan di Anna"},
	} {
		if got := c.l.T("turn.whose", Data("What", "le partisan", "Player", c.player)); got != c.want {
			t.Errorf("%s turn.whose with %q: %q, want %q", c.l, c.player, got, c.want)
		}
	}
	// "le" too: "vers l'est", "vers le nord".
	for h, want := range map[string]string{"est": "vers l'est", "ouest": "vers l'ouest", "nord": "vers le nord", "nord-est": "vers le nord-est"} {
		if got := French.T("turn.flight", Data("Heading", h, "Cells", "x")); !strings.Contains(got, want+" :") {
			t.Errorf("turn.flight towards %s: %q, want %q", h, got, want)
		}
	}
	// A sentence that begins with the placeholder's owner.
	if got := French.T("bot.turn.computer", Data("Player", "Ordinateur (facile)", "Tile", "A")); got != "Tour d'Ordinateur (facile) : tuile **A**." {
		t.Errorf("bot.turn.computer: %q", got)
	}
	c := messages()
	elided := 0
	for id, m := range c.files[French] {
		for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
			if elisionRE.MatchString(s) {
				t.Errorf("French %s still has de or le before a placeholder: %q", id, s)
			}
			if strings.Contains(s, "{{de ") || strings.Contains(s, "{{De ") || strings.Contains(s, "{{le ") {
				elided++
			}
		}
	}
	if elided == 0 {
		t.Error("no French message elides de")
	}
	for id, m := range c.files[Spanish] {
		if strings.Contains(m.Other, "{{de ") {
			t.Errorf("Spanish %s elides: %q", id, m.Other)
		}
	}
}
