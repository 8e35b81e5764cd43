package render

import (
	"fmt"
	"testing"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
)

// glyphAlphabets are the letters and punctuation of the languages the
// pictures may be drawn in (issue 34: "the panel and final table's words in
// the game's language, with a font that has every glyph needed"): the
// translated languages and Czech, small and capital.
var glyphAlphabets = []struct{ lang, letters string }{
	{"English", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"},
	{"Polish", "ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ"},
	{"Czech", "áčďéěíňóřšťúůýž ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"},
	{"German", "äöüß ÄÖÜ"},
	{"French", "àâæçéèêëîïôœùûüÿ ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ"},
	{"Spanish", "áéíñóúü¿¡ ÁÉÍÑÓÚÜ"},
	{"Italian", "àèéìíòóù ÀÈÉÌÍÒÓÙ"},
	{"punctuation", "„“”‚‘’«»‹›–—…·×°()[],.;:!?'\"-+/%&#"},
}

// TestGlyphsCovered checks that both fonts the pictures use (parseFonts:
// Go Regular and Go Bold) have a glyph of their own for every letter of the
// languages above: a missing one would be drawn as the empty box of glyph 0.
func TestGlyphsCovered(t *testing.T) {
	fonts, err := parseFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		font *truetype.Font
	}{{"regular", fonts.regular}, {"bold", fonts.bold}} {
		for _, a := range glyphAlphabets {
			t.Run(f.name+"/"+a.lang, func(t *testing.T) {
				var missing []string
				for _, r := range a.letters {
					if r == ' ' {
						continue
					}
					if f.font.Index(r) == 0 {
						missing = append(missing, fmt.Sprintf("%c (U+%04X)", r, r))
					}
				}
				if len(missing) > 0 {
					t.Errorf("the %s font has no glyph for %v", f.name, missing)
				}
			})
		}
	}
}

// TestGlyphAdvances checks the same letters through the faces the pictures
// draw with (kit.face): each has a positive advance.
func TestGlyphAdvances(t *testing.T) {
	fonts, err := parseFonts()
	if err != nil {
		t.Fatal(err)
	}
	k := &kit{fonts: fonts, faces: map[faceKey]font.Face{}}
	for _, bold := range []bool{false, true} {
		face := k.face(bold, 14)
		for _, a := range glyphAlphabets {
			for _, r := range a.letters {
				if r == ' ' {
					continue
				}
				if adv, ok := face.GlyphAdvance(r); !ok || adv <= 0 {
					t.Errorf("%s %c (U+%04X), bold %v: GlyphAdvance = %v, %v; want a positive advance", a.lang, r, r, bold, adv, ok)
				}
			}
		}
	}
}
