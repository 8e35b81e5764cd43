package bot

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/internal/racetest"
	"github.com/meeple-works/carcassonne/storage"
)

// TestStandInLobby opens lobbies and has six people use them at random,
// as a stand-in for Discord would, by the components alone: any of them
// presses any of the lobby's buttons or picks in any of its menus (random
// options), acts in the ephemeral messages some of them answer with (the
// levels of a computer player, the computers to remove, More rules…,
// Language…), or types /carcassonne join, leave or start. Every
// interaction is answered, the lobby always shows the seats stored, and
// the bot logs no error and no request Discord refused. A lobby ends
// cancelled, or started and then stopped by its host; then the next one
// opens.
func TestStandInLobby(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, func(c *Config) { c.ComputerPause, c.ComputerPlayouts = time.Hour, testPlayouts })
	rng := rand.New(rand.NewPCG(5, 6))
	var users []discordtest.User
	for _, n := range []string{"Alice", "Bob", "Cleo", "Dan", "Eve", "Finn"} {
		users = append(users, h.srv.NewUser(strings.ToLower(n), n))
	}
	started, cancelled, actions := 0, 0, 0
	for game := int64(1); game <= int64(racetest.Scale(8, 2)); game++ {
		host := users[rng.IntN(len(users))]
		r := h.slash(discordtest.Actor{User: host}, "/carcassonne new")
		if r.Original == nil {
			t.Fatalf("no lobby: %s", text(r))
		}
		lobby := r.Original.ID
		for range 40 {
			actions++
			u := discordtest.Actor{User: users[rng.IntN(len(users))]}
			h.lobbyAction(u, lobby, game, rng)
			g, err := h.store.Get(h.ctx, game)
			if err != nil {
				t.Fatal(err)
			}
			if g.Status == storage.StatusStopped {
				cancelled++
				break
			}
			if g.Status == storage.StatusRunning {
				// The game's host stops it: the next lobby.
				th := discordtest.Actor{User: hostOf(t, users, g)}
				if r := h.slash(th, fmt.Sprintf("/carcassonne stop game:%d", game)); r.Flags&64 == 0 && r.Original == nil {
					t.Fatalf("stop: %s", text(r))
				}
				started++
				break
			}
			h.checkLobbySeats(lobby, g)
		}
		// A lobby left open is cancelled by its host.
		if g, _ := h.store.Get(h.ctx, game); g.Status == storage.StatusLobby {
			h.slash(discordtest.Actor{User: hostOf(t, users, g)}, fmt.Sprintf("/carcassonne stop game:%d", game))
			if g, _ := h.store.Get(h.ctx, game); g.Status == storage.StatusLobby {
				h.click(discordtest.Actor{User: hostOf(t, users, g)}, lobby, lobbyID(actCancel, game))
			}
		}
	}
	t.Logf("%d actions, %d games started, %d lobbies cancelled", actions, started, cancelled)
	if started+cancelled < 2 {
		t.Errorf("%d games started and %d lobbies cancelled: the stand-in did too little", started, cancelled)
	}
	for _, line := range strings.Split(h.logs.String(), "\n") {
		if strings.Contains(line, "level=ERROR") || strings.Contains(line, "50035") {
			t.Errorf("the bot logged: %s", line)
		}
	}
}

// hostOf returns the user who hosts game g.
func hostOf(t *testing.T, users []discordtest.User, g storage.Game) discordtest.User {
	t.Helper()
	u, err := userByID(users, g.HostID)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// lobbyAction has a do one random thing with the lobby of game: a button
// or a menu of the lobby message, then now and then a menu of the
// ephemeral message it answers with, or one of /carcassonne join, leave
// and start.
func (h *harness) lobbyAction(a discordtest.Actor, lobby string, game int64, rng *rand.Rand) {
	h.t.Helper()
	if rng.IntN(6) == 0 {
		cmd := []string{"join", "leave", "start"}[rng.IntN(3)]
		r := h.slash(a, fmt.Sprintf("/carcassonne %s game:%d", cmd, game))
		if r.Flags&64 == 0 && r.Original == nil && r.Type != 5 {
			h.t.Fatalf("%s's /carcassonne %s: type %d: %s", a.User.Username, cmd, r.Type, text(r))
		}
		return
	}
	m, _ := h.srv.Message(lobby)
	r := h.randomComponent(a, m.Message, rng)
	if r == nil {
		return
	}
	// An ephemeral message with menus (levels, computers, rules,
	// languages): one time in two, a pick in it.
	if r.Flags&64 != 0 && r.Original != nil && rng.IntN(2) == 0 {
		h.randomComponent(a, r.Original.Message, rng)
	}
}

// randomComponent has a press a random enabled button of message m, or
// pick random options of a random enabled menu of it, and returns the
// answer; nil when m has no component.
func (h *harness) randomComponent(a discordtest.Actor, m *discordgo.Message, rng *rand.Rand) *discordtest.Response {
	h.t.Helper()
	menus, buttons := enabled(components(m))
	if len(menus)+len(buttons) == 0 {
		return nil
	}
	ctx, cancel := h.wctx()
	defer cancel()
	var i *discordtest.Interaction
	var err error
	if k := rng.IntN(len(menus) + len(buttons)); k >= len(menus) {
		i, err = h.srv.Click(ctx, a, m.ID, buttons[k-len(menus)].CustomID)
	} else {
		s := menus[k]
		lo, hi := 1, max(1, s.MaxValues)
		if s.MinValues != nil {
			lo = *s.MinValues
		}
		n := lo + rng.IntN(hi-lo+1)
		var values []string
		for _, j := range rng.Perm(len(s.Options))[:min(n, len(s.Options))] {
			values = append(values, s.Options[j].Value)
		}
		i, err = h.srv.Select(ctx, a, m.ID, s.CustomID, values...)
	}
	if err != nil && strings.Contains(err.Error(), "has no button or select") {
		// The bot changed the message since it was read (a game that
		// started): Discord would not have shown the component.
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return h.answer(ctx, i)
}

// seatsField matches the name of the lobby's field of seats in any
// language.
var seatsField = regexp.MustCompile(`\(\d+/\d+\)$`)

// checkLobbySeats fails unless the lobby message comes to list the seats
// of game g, one line each, in order, and then its free seats: the lobby
// is edited after an answer in an ephemeral message (a computer added).
func (h *harness) checkLobbySeats(lobby string, g storage.Game) {
	h.t.Helper()
	var seats []string
	same := func() bool {
		m, ok := h.srv.Message(lobby)
		if !ok || len(m.Embeds) == 0 {
			return false
		}
		seats = nil
		for _, f := range m.Embeds[0].Fields {
			if seatsField.MatchString(f.Name) { // "Seats (2/5)", "Plätze (2/5)", …
				seats = strings.Split(strings.TrimSpace(f.Value), "\n")
			}
		}
		taken := 0
		for _, s := range seats {
			if !strings.HasPrefix(s, "▫️") { // a free seat
				taken++
			}
		}
		if taken != len(g.Seats) {
			return false
		}
		for k, s := range g.Seats {
			if !strings.Contains(seats[k], s.Name) {
				return false
			}
		}
		return true
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, same); err != nil {
		var names []string
		for _, s := range g.Seats {
			names = append(names, s.Name)
		}
		h.t.Fatalf("the lobby lists the seats %q, the game has %q", seats, names)
	}
}

// enabled returns the menus and buttons that are not disabled: those a
// member can use.
func enabled(menus []discordgo.SelectMenu, buttons []discordgo.Button) ([]discordgo.SelectMenu, []discordgo.Button) {
	var ms []discordgo.SelectMenu
	for _, m := range menus {
		if !m.Disabled {
			ms = append(ms, m)
		}
	}
	var bs []discordgo.Button
	for _, b := range buttons {
		if !b.Disabled {
			bs = append(bs, b)
		}
	}
	return ms, bs
}
