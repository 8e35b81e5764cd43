package turnview

import (
	"sync"

	"github.com/meeple-works/carcassonne/i18n"
)

// Voice puts the turn into the words of one language (issue 34): its
// methods are the package's functions that return words a player reads,
// in that language. The two package-level functions that return words
// (Options, Plural) speak English, In(i18n.English). The words come from
// the i18n messages turn.… (i18n/locales/turnview.<tag>.toml); an
// Option's Value, the notation, is the same in every language. The zero
// Voice speaks English.
type Voice struct {
	lang i18n.Lang
}

// In returns the voice of language l.
func In(l i18n.Lang) Voice { return Voice{lang: l} }

// english is the voice of the package-level functions and the tests.
var english = Voice{lang: i18n.English}

// t returns message id, its placeholders filled from the pairs kv
// ("Player", "Alice", "Cell", "2,-1", …).
func (vo Voice) t(id string, kv ...any) string {
	if len(kv) == 0 {
		return vo.word(id)
	}
	return vo.lang.T(id, i18n.Data(kv...))
}

// words holds the messages without placeholders read so far, by language
// and id: the words of figures, features and directions, asked for many
// times a step.
var words sync.Map // wordKey → string

type wordKey struct {
	lang i18n.Lang
	id   string
}

// word returns message id, which has no placeholders.
func (vo Voice) word(id string) string {
	k := wordKey{vo.lang, id}
	if s, ok := words.Load(k); ok {
		return s.(string)
	}
	s := vo.lang.T(id, nil)
	words.Store(k, s)
	return s
}

// n returns message id in the plural form of count, {{.Count}} count.
func (vo Voice) n(id string, count int, kv ...any) string {
	return vo.lang.N(id, count, i18n.Data(kv...))
}

// sentence is a sentence that follows another: a space before it.
func sentence(s string) string { return " " + s }

// notOffered is ErrNotOffered in a player's words: its text says what the
// step waits for, in the voice's language.
type notOffered struct{ text string }

func (e *notOffered) Error() string { return e.text }
func (e *notOffered) Unwrap() error { return ErrNotOffered }
