package terminal

import (
	"errors"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// This file holds the sitting's refusals in its language (issue 34):
// messages terminal2.… of package i18n, which start in lower case and end
// without a full stop, as the engine's reasons do, so that the terminal
// makes them sentences (sentence) whoever wrote them.

// tr returns message id of package i18n in the sitting's language, its
// data given as pairs of a name and a value ("Player", name).
func (s *session) tr(id string, kv ...any) string { return s.lang.T(id, i18n.Data(kv...)) }

// refusal is an error whose text is message id in the sitting's language
// (tr).
func (s *session) refusal(id string, kv ...any) error { return said(s.tr(id, kv...)) }

// said is an error that says its text, in the words of a message.
type said string

func (e said) Error() string { return string(e) }

// wrapped is an error that says text, in the words of a message that
// quotes err, and wraps err, so that errors.Is finds the rule it broke.
type wrapped struct {
	text string
	err  error
}

func (e wrapped) Error() string { return e.text }
func (e wrapped) Unwrap() error { return e.err }

// ruleText returns err's text for a refusal in the sitting's words, in
// lower case or not, without a full stop, as sentence and the messages
// that quote an error ({{.Error}}) take it. In a language other than
// English, an engine rule error whose text is the engine's English (a
// *engine.MoveError as it reads, or the rule error itself) reads as the
// rule it breaks in that language (turnview.Voice.RuleError); the
// details of the engine's reason are English only. Any other error, and
// every error in English, reads as its own text.
func (s *session) ruleText(err error) string {
	if s.lang != i18n.English && engineWords(err) {
		if t, ok := s.voice.RuleError(err); ok {
			return strings.TrimSuffix(t, ".")
		}
	}
	return err.Error()
}

// engineWords reports whether err reads as the engine's English: a
// *engine.MoveError, or an error that wraps nothing (the engine's rule
// errors are such). An error that quotes one in other words (wrapped, a
// turnview error in the voice's language) does not.
func engineWords(err error) bool {
	var me *engine.MoveError
	if errors.As(err, &me) {
		return err.Error() == me.Error()
	}
	return errors.Unwrap(err) == nil
}
