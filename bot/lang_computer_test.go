package bot

import (
	"slices"
	"testing"

	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// TestLanguagesComputerSeat: a computer seated in a lobby of a German
// server is named in German, "Computer (leicht)", and a second of that
// level gets a number.
func TestLanguagesComputerSeat(t *testing.T) {
	h := newHarness(t)
	host := discordtest.Actor{User: h.srv.NewUser("heidi", "Heidi"), Locale: "de", GuildLocale: "de"}
	r := h.slash(host, "/carcassonne new")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	for range 2 {
		msg, id := h.openComputerMenu(host, r.Original.ID, 1)
		if r := h.pick(host, msg, id, "easy"); r.Type != 7 {
			t.Fatalf("seating a computer: %s", text(r))
		}
	}
	if got, want := h.seatNames(1), []string{"Heidi", "Computer (leicht)", "Computer (leicht) 2"}; !slices.Equal(got, want) {
		t.Errorf("the seats are %q, want %q", got, want)
	}
}
