package render

import (
	"testing"
)

// TestFitNames checks that players' names that differ are drawn
// differently, each within its room, however narrow: the seats of
// computers named alike ("Computer (normal) 2") and names that differ only
// in the middle or at the end. The rooms are those of the score panel at
// twice the display size (a 26-pixel face, 80 to 130 pixels for a name).
func TestFitNames(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	k := r.kits.get()
	defer r.kits.put(k)
	tests := []struct {
		names []string
		width int
	}{
		{[]string{"Alice", "Computer (normal)", "Computer (normal) 2"}, 130},
		{[]string{"Alice", "Computer (normal)", "Computer (normal) 2"}, 80},
		{[]string{"Computer (normal)", "Computer (normal) 2", "Computer (normal) 3"}, 70},
		{[]string{"Computer (hard)", "Computer (easy)", "Computer (normal)"}, 80},
		{[]string{"Alexander the Great", "Alexander the Grey", "Bo"}, 80},
		{[]string{"Marie-Christine 1", "Marie-Christine 12"}, 70},
		{[]string{"Ann", "Ben"}, 200},
	}
	for _, tt := range tests {
		widths := make([]int, len(tt.names))
		for i := range widths {
			widths[i] = tt.width
		}
		got := fitNames(k, 26, 20, tt.names, widths)
		seen := map[string]string{}
		for i, f := range got {
			if w := textWidth(f.face, f.text); w > tt.width {
				t.Errorf("%q drawn %q, %d pixels wide, want at most %d", tt.names[i], f.text, w, tt.width)
			}
			if f.text == "" || f.text == "…" {
				t.Errorf("%q drawn %q", tt.names[i], f.text)
			}
			if other, ok := seen[f.text]; ok {
				t.Errorf("%q and %q both drawn %q", other, tt.names[i], f.text)
			}
			seen[f.text] = tt.names[i]
		}
		if tt.width == 130 && (got[1].text != "Computer" || got[2].text != "Computer 2") {
			// Without the level before any letter of the name is cut.
			t.Errorf("%q at %d px drawn %q and %q, want \"Computer\" and \"Computer 2\"", tt.names, tt.width, got[1].text, got[2].text)
		}
		t.Logf("%d px: %q", tt.width, func() []string {
			var s []string
			for _, f := range got {
				s = append(s, f.text)
			}
			return s
		}())
	}
}
