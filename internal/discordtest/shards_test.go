package discordtest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/meeple-works/carcassonne/internal/discordtest"
)

func TestShardOf(t *testing.T) {
	tests := []struct {
		guild string
		count int
		want  int
	}{
		{"", 2, 0},
		{"not a number", 2, 0},
		{"41771983423143937", 1, 0},
		{"41771983423143937", 0, 0},
		// Discord's documentation: (41771983423143937 >> 22) % 2 == 0.
		{"41771983423143937", 2, 0},
		{strconv.FormatUint(5<<22, 10), 2, 1},
		{strconv.FormatUint(5<<22|12345, 10), 3, 2},
		{strconv.FormatUint(6<<22, 10), 4, 2},
	}
	for _, tt := range tests {
		if got := discordtest.ShardOf(tt.guild, tt.count); got != tt.want {
			t.Errorf("ShardOf(%q, %d) = %d, want %d", tt.guild, tt.count, got, tt.want)
		}
	}
}

// shardBot connects a session that identifies as shard id of count.
func shardBot(t *testing.T, srv *discordtest.Server, id, count int) *bot {
	t.Helper()
	return newBotWith(t, srv, func(s *discordgo.Session) { s.ShardID, s.ShardCount = id, count })
}

// guildsOf returns the guilds of srv that shard id of count serves, the
// first guild first.
func guildsOf(all []string, id, count int) []string {
	var out []string
	for _, g := range all {
		if discordtest.ShardOf(g, count) == id {
			out = append(out, g)
		}
	}
	return out
}

// TestShards: sessions that identify with a shard get READY with it and
// the GUILD_CREATE and events of their shard's guilds only; a session
// without a shard gets every guild's.
func TestShards(t *testing.T) {
	srv := discordtest.New(t)
	ctx := testCtx(t)
	g0, c0 := srv.NewGuildOnShard("Zero", 0, 2)
	g1, c1 := srv.NewGuildOnShard("One", 1, 2)
	if discordtest.ShardOf(g0, 2) != 0 || discordtest.ShardOf(g1, 2) != 1 {
		t.Fatalf("NewGuildOnShard made guilds %s (shard %d) and %s (shard %d)", g0, discordtest.ShardOf(g0, 2), g1, discordtest.ShardOf(g1, 2))
	}
	all := []string{srv.GuildID, g0, g1}
	if srv.ShardConnected(0, 2) || srv.ShardConnected(0, 1) {
		t.Fatal("ShardConnected before any session")
	}
	bots := []*bot{shardBot(t, srv, 0, 2), shardBot(t, srv, 1, 2), newBot(t, srv)}
	for _, sh := range [][2]int{{0, 2}, {1, 2}, {0, 1}} {
		if err := srv.Wait(ctx, func() bool { return srv.ShardConnected(sh[0], sh[1]) }); err != nil {
			t.Fatalf("shard %v never connected: %v", sh, err)
		}
	}
	if srv.ShardConnected(2, 3) {
		t.Error("ShardConnected(2, 3) with no such session")
	}
	wants := [][]string{guildsOf(all, 0, 2), guildsOf(all, 1, 2), all}
	for k, b := range bots {
		r := recv(ctx, t, b.ready, "READY")
		slices.Sort(r.Guilds)
		want := slices.Clone(wants[k])
		slices.Sort(want)
		if !slices.Equal(r.Guilds, want) {
			t.Errorf("session %d: READY lists guilds %v, want %v", k, r.Guilds, want)
		}
		if k < 2 && (!r.HasShard || r.Shard != [2]int{k, 2}) {
			t.Errorf("session %d: READY's shard = %v (present %v), want [%d 2]", k, r.Shard, r.HasShard, k)
		}
		if k == 2 && r.HasShard {
			t.Errorf("the session without a shard got READY with shard %v", r.Shard)
		}
		var got []string
		for range wants[k] {
			got = append(got, recv(ctx, t, b.guild, "GUILD_CREATE").ID)
		}
		if !slices.Equal(got, wants[k]) {
			t.Errorf("session %d: GUILD_CREATE for %v, want %v", k, got, wants[k])
		}
	}

	// A guild added later goes to its shard's session only: shard 0's
	// next GUILD_CREATE is the guild of shard 0 added after one of shard 1.
	late1, _ := srv.NewGuildOnShard("Late one", 1, 2)
	late0, _ := srv.NewGuildOnShard("Late zero", 0, 2)
	if g := recv(ctx, t, bots[0].guild, "GUILD_CREATE"); g.ID != late0 {
		t.Errorf("shard 0 got GUILD_CREATE for %s, want %s (of shard 0) and not %s (of shard 1)", g.ID, late0, late1)
	}
	if g := recv(ctx, t, bots[1].guild, "GUILD_CREATE"); g.ID != late1 {
		t.Errorf("shard 1 got GUILD_CREATE for %s, want %s", g.ID, late1)
	}
	for _, want := range []string{late1, late0} {
		if g := recv(ctx, t, bots[2].guild, "GUILD_CREATE"); g.ID != want {
			t.Errorf("the session without a shard got GUILD_CREATE for %s, want %s", g.ID, want)
		}
	}

	// Interactions go to the session of the guild's shard.
	if _, err := bots[0].ApplicationCommandBulkOverwrite(srv.AppID, "", commands); err != nil {
		t.Fatal(err)
	}
	in1, err := srv.Slash(ctx, discordtest.Actor{ChannelID: c1}, "/carcassonne status")
	if err != nil {
		t.Fatal(err)
	}
	in0, err := srv.Slash(ctx, discordtest.Actor{ChannelID: c0}, "/carcassonne status")
	if err != nil {
		t.Fatal(err)
	}
	if ic := recv(ctx, t, bots[0].interactions, "INTERACTION_CREATE"); ic.ID != in0.ID || ic.GuildID != g0 {
		t.Errorf("shard 0 got interaction %s of guild %s, want %s of guild %s (and not %s of shard 1's guild)", ic.ID, ic.GuildID, in0.ID, g0, in1.ID)
	}
	if ic := recv(ctx, t, bots[1].interactions, "INTERACTION_CREATE"); ic.ID != in1.ID {
		t.Errorf("shard 1 got interaction %s, want %s", ic.ID, in1.ID)
	}
	for _, want := range []string{in1.ID, in0.ID} {
		if ic := recv(ctx, t, bots[2].interactions, "INTERACTION_CREATE"); ic.ID != want {
			t.Errorf("the session without a shard got interaction %s, want %s", ic.ID, want)
		}
	}

	// A raw event is routed by its guild_id; one without goes to shard 0
	// (direct messages).
	raw := func(id, guild string) []byte {
		p := map[string]any{"id": id, "token": "tok" + id, "type": 2, "application_id": srv.AppID, "version": 1,
			"data": map[string]any{"id": "1", "name": "carcassonne", "type": 1}, "user": map[string]any{"id": srv.User.ID, "username": "player"}}
		if guild != "" {
			p["guild_id"] = guild
		}
		b, _ := json.Marshal(p)
		return b
	}
	if err := srv.Dispatch(ctx, "INTERACTION_CREATE", raw("901", g1)); err != nil {
		t.Fatal(err)
	}
	if err := srv.Dispatch(ctx, "INTERACTION_CREATE", raw("902", "")); err != nil {
		t.Fatal(err)
	}
	if ic := recv(ctx, t, bots[0].interactions, "INTERACTION_CREATE"); ic.ID != "902" {
		t.Errorf("shard 0 got raw interaction %s, want 902 (no guild) and not 901 (shard 1's guild)", ic.ID)
	}
	if ic := recv(ctx, t, bots[1].interactions, "INTERACTION_CREATE"); ic.ID != "901" {
		t.Errorf("shard 1 got raw interaction %s, want 901", ic.ID)
	}
}

// TestShardInteractionWaitsForItsSession: an interaction in a guild whose
// shard no session serves yet is dispatched once that shard connects.
func TestShardInteractionWaitsForItsSession(t *testing.T) {
	srv := discordtest.New(t)
	ctx := testCtx(t)
	_, c1 := srv.NewGuildOnShard("One", 1, 2)
	b0 := shardBot(t, srv, 0, 2)
	if _, err := b0.ApplicationCommandBulkOverwrite(srv.AppID, "", commands); err != nil {
		t.Fatal(err)
	}
	type result struct {
		in  *discordtest.Interaction
		err error
	}
	done := make(chan result, 1)
	go func() {
		in, err := srv.Slash(ctx, discordtest.Actor{ChannelID: c1}, "/carcassonne status")
		done <- result{in, err}
	}()
	b1 := shardBot(t, srv, 1, 2)
	r := recv(ctx, t, done, "Slash's return")
	if r.err != nil {
		t.Fatal(r.err)
	}
	if ic := recv(ctx, t, b1.interactions, "INTERACTION_CREATE"); ic.ID != r.in.ID {
		t.Errorf("shard 1 got interaction %s, want %s", ic.ID, r.in.ID)
	}
	// Shard 0 never got it: its first interaction is a later one of its own.
	_, c0 := srv.NewGuildOnShard("Zero", 0, 2)
	in0, err := srv.Slash(ctx, discordtest.Actor{ChannelID: c0}, "/carcassonne status")
	if err != nil {
		t.Fatal(err)
	}
	if ic := recv(ctx, t, b0.interactions, "INTERACTION_CREATE"); ic.ID != in0.ID {
		t.Errorf("shard 0 got interaction %s, want %s", ic.ID, in0.ID)
	}
}

// TestIdentifyBadShard: IDENTIFY with a shard that does not exist is closed
// with 4010, Invalid shard, as Discord does.
func TestIdentifyBadShard(t *testing.T) {
	srv := discordtest.New(t)
	for _, shard := range [][]int{{2, 2}, {-1, 2}, {0, 0}, {1}, {0, 1, 2}} {
		t.Run(fmt.Sprint(shard), func(t *testing.T) {
			ctx := testCtx(t)
			ws, _, err := websocket.DefaultDialer.DialContext(ctx, srv.GatewayURL()+"/?v=10&encoding=json", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			if _, _, err := ws.ReadMessage(); err != nil { // HELLO
				t.Fatal(err)
			}
			id := map[string]any{"op": 2, "d": map[string]any{"token": "Bot test-token", "intents": 1, "shard": shard,
				"properties": map[string]string{"os": "linux"}}}
			if err := ws.WriteJSON(id); err != nil {
				t.Fatal(err)
			}
			if dl, ok := ctx.Deadline(); ok {
				ws.SetReadDeadline(dl)
			}
			_, data, err := ws.ReadMessage()
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != 4010 {
				t.Fatalf("IDENTIFY with shard %v: got %s, %v; want close 4010", shard, data, err)
			}
		})
	}
}
