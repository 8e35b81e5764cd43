package terminal

import "github.com/meeple-works/carcassonne/i18n"

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
