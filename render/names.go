package render

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font"
)

// Players' names in the panels: two seats named "Computer (normal)" and
// "Computer (normal) 2" must stay told apart however narrow the room, so
// a name that does not fit is first drawn smaller, down to a floor, then
// without its part in parentheses ("Computer 2") when that fits, else
// shortened keeping its end when the end tells it apart (a seat's
// number), else cut in the middle so that its first and last letters
// show.

// nameFit is how one player's name is drawn: the face and the text.
type nameFit struct {
	face font.Face
	text string
}

// fitNames returns how to draw each of names in widths[i] pixels: in the
// bold face of size pixels, or smaller down to minSize when that makes it
// fit, else shortened by shortenName at minSize. Names that differ are
// drawn differently: when two shortened names would read the same, both
// are cut in the middle instead, keeping as much of their ends as they
// need to differ. A width of 0 or less draws nothing.
func fitNames(k *kit, size, minSize int, names []string, widths []int) []nameFit {
	out := make([]nameFit, len(names))
	for i, n := range names {
		w := widths[i]
		s := size
		for s > minSize && textWidth(k.face(true, s), n) > w {
			s--
		}
		f := k.face(true, s)
		text := shortenName(f, n, w)
		if short := withoutAside(n); text != n && short != n {
			// "Computer (normal) 2" reads "Computer 2" (or "Comp… 2")
			// rather than "C… 2".
			text = shortenName(f, short, w)
		}
		out[i] = nameFit{face: f, text: text}
	}
	// Shortened names that read alike: keep more of their ends.
	for tail := 2; tail < 40; tail++ {
		clash := false
		for i := range out {
			for j := i + 1; j < len(out); j++ {
				if out[i].text != out[j].text || names[i] == names[j] {
					continue
				}
				clash = true
				for _, x := range [...]int{i, j} {
					out[x].text = middleCut(out[x].face, names[x], widths[x], tail)
				}
			}
		}
		if !clash {
			break
		}
	}
	return out
}

// withoutAside returns name s without a part in parentheses ("Computer
// (normal) 2" → "Computer 2"), or s when it has none: the seat's level,
// which the lobby and the messages say, is what a narrow panel can spare
// first. fitNames still tells apart names it makes alike.
func withoutAside(s string) string {
	i := strings.IndexByte(s, '(')
	j := strings.IndexByte(s, ')')
	if i < 0 || j < i {
		return s
	}
	t := strings.Join(strings.Fields(s[:i]+" "+s[j+1:]), " ")
	if t == "" {
		return s
	}
	return t
}

// shortenName returns s when it fits w pixels in face f; else s shortened
// with an ellipsis: when s ends with a short word (at most 3 letters after
// its last space: "2", "II", "(2)") the ellipsis goes before that word
// ("Computer (no… 2"), else at the end.
func shortenName(f font.Face, s string, w int) string {
	if textWidth(f, s) <= w {
		return s
	}
	if i := strings.LastIndexByte(s, ' '); i > 0 && utf8.RuneCountInString(s[i+1:]) <= 3 {
		tail := s[i:]
		head := []rune(strings.TrimRight(s[:i], " "))
		for len(head) > 0 {
			head = head[:len(head)-1]
			if t := string(head) + "…" + tail; textWidth(f, t) <= w {
				return t
			}
		}
	}
	return fitText(f, s, w)
}

// middleCut returns s cut in the middle to fit w pixels in face f,
// keeping its last tail letters (fewer when they alone do not fit) and as
// many of its first as fit: "Alexa…Great".
func middleCut(f font.Face, s string, w, tail int) string {
	if textWidth(f, s) <= w {
		return s
	}
	r := []rune(s)
	tail = min(tail, len(r)-1)
	for ; tail > 0; tail-- {
		end := string(r[len(r)-tail:])
		for head := len(r) - tail - 1; head >= 1; head-- {
			if t := string(r[:head]) + "…" + end; textWidth(f, t) <= w {
				return t
			}
		}
	}
	return fitText(f, s, w)
}
