package i18n

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"strings"
	"sync"
	"text/template"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	i18ntemplate "github.com/nicksnyder/go-i18n/v2/i18n/template"
	"golang.org/x/text/language"
)

// Lang is a language the bot speaks (issue 34). Its zero value is English,
// the source and fallback language, so that a Lang left unset reads
// English.
type Lang uint8

// The supported languages, in the order [Supported] lists them.
const (
	English Lang = iota
	German
	French
	Spanish
	Italian
	Polish
	numLangs
)

// langInfo describes one language: its BCP 47 tag, its name in itself, and
// the Discord locales that read it, the first the one Lang.Discord gives.
type langInfo struct {
	tag     language.Tag
	name    string
	discord []string
}

// langs is indexed by Lang. Discord's locales are listed at
// https://discord.com/developers/docs/reference#locales.
var langs = [numLangs]langInfo{
	English: {language.English, "English", []string{"en-US", "en-GB"}},
	German:  {language.German, "Deutsch", []string{"de"}},
	French:  {language.French, "Français", []string{"fr"}},
	Spanish: {language.Spanish, "Español", []string{"es-ES", "es-419"}},
	Italian: {language.Italian, "Italiano", []string{"it"}},
	Polish:  {language.Polish, "Polski", []string{"pl"}},
}

// info returns l's description; a Lang out of range is English.
func (l Lang) info() langInfo {
	if l >= numLangs {
		return langs[English]
	}
	return langs[l]
}

// valid returns l, or English when l is out of range.
func (l Lang) valid() Lang {
	if l >= numLangs {
		return English
	}
	return l
}

// Supported returns the supported languages, English first.
func Supported() []Lang {
	out := make([]Lang, numLangs)
	for i := range out {
		out[i] = Lang(i)
	}
	return out
}

// String returns l's BCP 47 language tag: "en", "de", "fr", "es", "it" or
// "pl". [Parse] reads it back.
func (l Lang) String() string { return l.info().tag.String() }

// Name returns the language's name in itself, as a menu of languages shows
// it: "English", "Deutsch", "Français", "Español", "Italiano", "Polski".
func (l Lang) Name() string { return l.info().name }

// Discord returns the Discord locale code that reads l, as a key of a
// command's name_localizations: "en-US", "de", "fr", "es-ES", "it", "pl".
// Spanish is also Latin American Spanish, "es-419", which
// [CommandLocalizations] fills too.
func (l Lang) Discord() string { return l.info().discord[0] }

// matcher matches a requested language against the supported ones, in
// Lang order, so that a match's index is its Lang.
var matcher = sync.OnceValue(func() language.Matcher {
	tags := make([]language.Tag, numLangs)
	for l := range numLangs {
		tags[l] = langs[l].tag
	}
	return language.NewMatcher(tags)
})

// Parse reads a language: a Discord locale ("de", "fr", "es-ES", "es-419",
// "en-GB", "pt-BR" …), a BCP 47 tag, or a POSIX locale as in LANG
// ("de_DE.UTF-8", "pl_PL", "fr_FR@euro"). It returns the supported language
// that golang.org/x/text/language matches with at least high confidence
// (German for "de-AT", Spanish for "es-419"), and English for anything
// else: an empty value, "C", "POSIX", an unsupported language or one it
// cannot read.
func Parse(tag string) Lang {
	s := strings.TrimSpace(tag)
	if i := strings.IndexAny(s, ".@"); i >= 0 { // POSIX codeset and modifier
		s = s[:i]
	}
	s = strings.ReplaceAll(s, "_", "-")
	if s == "" || s == "C" || s == "POSIX" {
		return English
	}
	t, err := language.Parse(s)
	if err != nil {
		return English
	}
	_, i, conf := matcher().Match(t)
	if conf < language.High || i < 0 || i >= int(numLangs) {
		return English
	}
	return Lang(i)
}

// T returns message id in l, its placeholders ({{.Name}}) filled from
// data, which may be nil. A message l lacks reads in English; one English
// lacks too reads as id. T never panics.
func (l Lang) T(id string, data map[string]any) string {
	s, _ := messages().localize(l, id, nil, data)
	return s
}

// Data makes the data of a message (T, N) from pairs of a placeholder's
// name and its value: Data("Player", "Alice", "Cell", "2,-1"). A name
// that is not a string, and a name without a value, are left out; nil for
// no pairs.
func Data(kv ...any) map[string]any {
	if len(kv) == 0 {
		return nil
	}
	d := make(map[string]any, len(kv)/2)
	for k := 0; k+1 < len(kv); k += 2 {
		if name, ok := kv[k].(string); ok {
			d[name] = kv[k+1]
		}
	}
	return d
}

// N returns message id in l in the CLDR plural form of count for l (German
// "1 Punkt", "2 Punkte"; Polish "1 punkt", "2 punkty", "5 punktów"), its
// placeholders filled from data, which may be nil, and {{.Count}} with
// count. A message l lacks reads in English; one English lacks too reads
// as id. N never panics.
func (l Lang) N(id string, count int, data map[string]any) string {
	d := make(map[string]any, len(data)+1)
	maps.Copy(d, data)
	d["Count"] = count
	s, _ := messages().localize(l, id, count, d)
	return s
}

// CommandLocalizations returns message id in every language but English,
// keyed by Discord locale ("de", "fr", "es-ES", "es-419", "it", "pl"), for
// a slash command's or option's name_localizations or
// description_localizations (discordgo's NameLocalizations and
// DescriptionLocalizations: convert each key with discordgo.Locale). A
// language that lacks the message is left out, so that Discord shows the
// English one. The messages are read without data: ids of texts without
// placeholders only.
func CommandLocalizations(id string) map[string]string {
	c := messages()
	out := make(map[string]string)
	for _, l := range Supported()[1:] {
		if !c.has(l, id) {
			continue
		}
		s, err := c.localize(l, id, nil, nil)
		if err != nil {
			continue
		}
		for _, loc := range l.info().discord {
			out[loc] = s
		}
	}
	return out
}

// locales holds the message files, one a language.
//
//go:embed locales/*.toml
var locales embed.FS

// messages returns the catalog of the embedded message files, read once.
// The files are part of the program and checked by the tests, so a file
// that does not read is a programming error: it panics.
var messages = sync.OnceValue(func() *catalog {
	c, err := newCatalog(locales, "locales")
	if err != nil {
		panic(err)
	}
	return c
})

// catalog is a go-i18n bundle with a localizer for each language, and the
// messages each file holds.
type catalog struct {
	localizers [numLangs]*goi18n.Localizer
	files      [numLangs]map[string]*goi18n.Message
}

// newCatalog reads the message files of every language from directory
// dir of fsys: active.<tag>.toml, and any other <part>.<tag>.toml (the
// messages of one part of the program: turnview.de.toml, bot.fr.toml …).
// English's active file must be there; another language's files may be
// missing, and then its messages read in English.
func newCatalog(fsys fs.FS, dir string) (*catalog, error) {
	b := goi18n.NewBundle(langs[English].tag)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &catalog{}
	names, err := fs.Glob(fsys, dir+"/*.toml")
	if err != nil {
		return nil, fmt.Errorf("i18n: %w", err)
	}
	for l := range numLangs {
		c.files[l] = make(map[string]*goi18n.Message)
		active := dir + "/active." + langs[l].tag.String() + ".toml"
		paths := []string{active}
		for _, n := range names {
			if n != active && strings.HasSuffix(n, "."+langs[l].tag.String()+".toml") {
				paths = append(paths, n)
			}
		}
		for _, path := range paths {
			f, err := loadFile(b, fsys, path, l)
			switch {
			case err != nil && path == active && l != English && errors.Is(err, fs.ErrNotExist):
				continue
			case err != nil:
				return nil, fmt.Errorf("i18n: %s: %w", path, err)
			case f.Tag != langs[l].tag:
				return nil, fmt.Errorf("i18n: %s holds %s messages, want %s", path, f.Tag, langs[l].tag)
			}
			for _, m := range f.Messages {
				if _, dup := c.files[l][m.ID]; dup {
					return nil, fmt.Errorf("i18n: %s: message %q is in two files", path, m.ID)
				}
				c.files[l][m.ID] = m
			}
		}
		c.localizers[l] = goi18n.NewLocalizer(b, langs[l].tag.String())
	}
	return c, nil
}

// has reports whether l's own file holds message id.
func (c *catalog) has(l Lang, id string) bool {
	_, ok := c.files[l.valid()][id]
	return ok
}

// localize returns message id in l: in the plural form of count when count
// is not nil, its template run on data. The error tells what went wrong
// while the text is still the best there is: the message missing in l
// (then in English), missing everywhere (then the id), or a plural form
// missing (then the other form).
func (c *catalog) localize(l Lang, id string, count any, data map[string]any) (string, error) {
	l = l.valid()
	cfg := &goi18n.LocalizeConfig{MessageID: id, PluralCount: count, TemplateParser: parser}
	if data != nil {
		cfg.TemplateData = data
	}
	s, err := c.localizers[l].Localize(cfg)
	if s == "" && err != nil && l != English {
		s, _ = c.localizers[English].Localize(cfg)
	}
	if s == "" && err != nil {
		return id, err
	}
	return s, err
}

// loadFile reads message file path of fsys into b, the messages of
// language l. French messages have "de" and "le" before a placeholder
// elided when the value begins with a vowel: "le partisan de {{.Player}}"
// reads "le partisan d'Ordinateur (normal)", "le partisan de Bob"; "vers
// le {{.Heading}}" reads "vers l'est", "vers le nord".
func loadFile(b *goi18n.Bundle, fsys fs.FS, path string, l Lang) (*goi18n.MessageFile, error) {
	buf, err := fs.ReadFile(fsys, path)
	if err != nil {
		return nil, err
	}
	if l == French {
		buf = elisionRE.ReplaceAll(buf, []byte("${1}{{${2}e ${3}}}"))
	}
	return b.ParseMessageFileBytes(buf, path)
}

// elisionRE finds the French "de" or "le" (or "De", "Le") as a word right
// before a placeholder: `de {{.Player}}`. loadFile makes it `{{de
// .Player}}`.
var elisionRE = regexp.MustCompile(`(^|[\s(«"])([DdLl])e \{\{\s*(\.[A-Za-z_][A-Za-z0-9_]*)\s*\}\}`)

// elide returns the French word de ("de", "De", "le" or "Le") before
// value v: its first letter, an apostrophe and v when v begins with a
// vowel (d'Alice, d'Ordinateur, d'Émile, l'est), de, a space and v
// otherwise (de Bob, de Yann, de Hélène, de 3, le nord).
func elide(de string) func(v any) string {
	return func(v any) string {
		s := "<no value>"
		if v != nil {
			s = fmt.Sprint(v)
		}
		if r, _ := utf8.DecodeRuneInString(s); strings.ContainsRune("aeiouàâäéèêëîïôöùûüAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜ", r) {
			return de[:1] + "'" + s
		}
		return de + " " + s
	}
}

// parser parses every message's template with the functions of the
// French elision (elide). Its functions never change, so go-i18n may keep
// a template once parsed, as it does with its own default parser.
var parser i18ntemplate.Parser = cachedParser{&i18ntemplate.TextParser{
	Funcs: template.FuncMap{"de": elide("de"), "De": elide("De"), "le": elide("le"), "Le": elide("Le")},
}}

// cachedParser is a TextParser whose templates go-i18n may keep.
type cachedParser struct{ *i18ntemplate.TextParser }

// Cacheable reports true: the parser's functions are fixed.
func (cachedParser) Cacheable() bool { return true }
