package discordtest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// wantRefused fails unless err is a REST error with that status and code.
func wantRefused(t *testing.T, what string, err error, status, code int) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: accepted, want %d (%d)", what, status, code)
	}
	if st, c := restCode(t, err); st != status || c != code {
		t.Fatalf("%s: %d (%d), want %d (%d)", what, st, c, status, code)
	}
}

func TestDeny(t *testing.T) {
	srv := discordtest.New(t)
	ctx := testCtx(t)
	b := newBot(t, srv)
	if err := srv.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := b.ApplicationCommandBulkOverwrite(srv.AppID, srv.GuildID, commands); err != nil {
		t.Fatal(err)
	}
	ch := srv.ChannelID
	file := func() []*discordgo.File {
		return []*discordgo.File{{Name: "a.png", ContentType: "image/png", Reader: bytes.NewReader(pngBytes(t, 2, 2))}}
	}
	lobby, err := b.ChannelMessageSend(ch, "lobby")
	if err != nil {
		t.Fatal(err)
	}

	t.Run("send messages", func(t *testing.T) {
		srv.Deny(ch, discordgo.PermissionSendMessages)
		_, err := b.ChannelMessageSend(ch, "hello")
		wantRefused(t, "send without Send Messages", err, 403, 50013)
		srv.Allow(ch, discordgo.PermissionSendMessages)
		if _, err := b.ChannelMessageSend(ch, "hello"); err != nil {
			t.Fatalf("send after Allow: %v", err)
		}
	})

	t.Run("create public threads", func(t *testing.T) {
		srv.Deny(ch, discordgo.PermissionCreatePublicThreads)
		_, err := b.MessageThreadStartComplex(ch, lobby.ID, &discordgo.ThreadStart{Name: "game"})
		wantRefused(t, "thread without Create Public Threads", err, 403, 50013)
		_, err = b.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: "game", Type: discordgo.ChannelTypeGuildPublicThread})
		wantRefused(t, "public thread in the channel", err, 403, 50013)
		if got := len(srv.Threads(ch)); got != 0 {
			t.Fatalf("%d threads after refusals", got)
		}
		srv.Allow(ch, discordgo.PermissionCreatePublicThreads)
	})

	thread, err := b.MessageThreadStartComplex(ch, lobby.ID, &discordgo.ThreadStart{Name: "game"})
	if err != nil {
		t.Fatalf("thread after Allow: %v", err)
	}

	t.Run("send in threads", func(t *testing.T) {
		srv.Deny(thread.ID, discordgo.PermissionSendMessagesInThreads)
		_, err := b.ChannelMessageSend(thread.ID, "turn 1")
		wantRefused(t, "send in the thread", err, 403, 50013)
		if _, err := b.ChannelMessageSend(ch, "the channel is fine"); err != nil {
			t.Fatalf("send in the channel: %v", err)
		}
		srv.Allow(thread.ID, discordgo.PermissionSendMessagesInThreads)
		// A denial on the parent channel holds in its threads.
		srv.Deny(ch, discordgo.PermissionSendMessagesInThreads)
		_, err = b.ChannelMessageSend(thread.ID, "turn 1")
		wantRefused(t, "send in the thread of a denying channel", err, 403, 50013)
		srv.Allow(ch, discordgo.PermissionSendMessagesInThreads)
		if _, err := b.ChannelMessageSend(thread.ID, "turn 1"); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("attach files", func(t *testing.T) {
		srv.Deny(ch, discordgo.PermissionAttachFiles)
		_, err := b.ChannelMessageSendComplex(thread.ID, &discordgo.MessageSend{Content: "board", Files: file()})
		wantRefused(t, "file in the thread", err, 403, 50013)
		m, err := b.ChannelMessageSend(thread.ID, "no file")
		if err != nil {
			t.Fatalf("text without a file: %v", err)
		}
		_, err = b.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: thread.ID, Files: file()})
		wantRefused(t, "file added by an edit", err, 403, 50013)
		text := "edited"
		if _, err := b.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: thread.ID, Content: &text}); err != nil {
			t.Fatalf("edit without a file: %v", err)
		}
		srv.Allow(ch, discordgo.PermissionAttachFiles)
		if _, err := b.ChannelMessageSendComplex(thread.ID, &discordgo.MessageSend{Content: "board", Files: file()}); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("edit channels", func(t *testing.T) {
		yes := true
		srv.Deny(thread.ID, discordgo.PermissionManageThreads)
		_, err := b.ChannelEdit(thread.ID, &discordgo.ChannelEdit{Archived: &yes})
		wantRefused(t, "archive without Manage Threads", err, 403, 50013)
		if srv.Channel(thread.ID).ThreadMetadata.Archived {
			t.Fatal("the refused edit archived the thread")
		}
		srv.Allow(thread.ID, discordgo.PermissionManageThreads)
		srv.Deny(ch, discordgo.PermissionManageChannels)
		_, err = b.ChannelEdit(ch, &discordgo.ChannelEdit{Topic: "games"})
		wantRefused(t, "channel edit without Manage Channels", err, 403, 50013)
		srv.Allow(ch, discordgo.PermissionManageChannels)
		if _, err := b.ChannelEdit(ch, &discordgo.ChannelEdit{Topic: "games"}); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("view channel", func(t *testing.T) {
		srv.Deny(ch, discordgo.PermissionViewChannel)
		_, err := b.Channel(ch)
		wantRefused(t, "get a hidden channel", err, 403, 50001)
		_, err = b.ChannelMessageSend(thread.ID, "x")
		wantRefused(t, "send in a thread of a hidden channel", err, 403, 50001)
		srv.Allow(ch, discordgo.PermissionViewChannel)
	})

	t.Run("what the bot can read", func(t *testing.T) {
		deny := int64(discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles)
		srv.Deny(ch, deny)
		defer srv.Allow(ch, deny)
		chs, err := b.GuildChannels(srv.GuildID)
		if err != nil {
			t.Fatal(err)
		}
		ows := chs[0].PermissionOverwrites
		if len(ows) != 1 || ows[0].Type != discordgo.PermissionOverwriteTypeRole || ows[0].Deny != deny || ows[0].Allow != 0 {
			t.Fatalf("overwrites = %+v, want one role overwrite denying %d", ows, deny)
		}
		roles, err := b.GuildRoles(srv.GuildID)
		if err != nil {
			t.Fatal(err)
		}
		if ows[0].ID != roles[1].ID || !roles[1].Managed {
			t.Fatalf("the overwrite is for role %s, not the bot's role %s", ows[0].ID, roles[1].ID)
		}
		if got, _ := b.Channel(ch); len(got.PermissionOverwrites) != 1 {
			t.Fatalf("GET channel overwrites = %+v", got.PermissionOverwrites)
		}
		in, err := srv.Slash(ctx, discordtest.Actor{}, "/carcassonne status")
		if err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "interaction")
		all, _ := strconv.ParseInt(discordtest.BotPermissions, 10, 64)
		if ic.AppPermissions != all&^deny {
			t.Fatalf("app_permissions = %d, want %d", ic.AppPermissions, all&^deny)
		}
		// Interaction answers are not subject to channel permissions.
		err = b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{
			Content: "status", Files: file(),
		}})
		if err != nil {
			t.Fatalf("answer in a channel without Send Messages: %v", err)
		}
		if _, err := b.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "more"}); err != nil {
			t.Fatalf("followup: %v", err)
		}
		if r := srv.Response(in.ID); r.Original == nil || len(r.Followups) != 1 {
			t.Fatalf("response = %+v", r)
		}
	})
}

func TestFailNext(t *testing.T) {
	srv := discordtest.New(t)
	b := newBot(t, srv)
	ch := srv.ChannelID
	const route = "POST /channels/{channel}/messages"
	statuses := func(since int) []int {
		var out []int
		for _, r := range srv.Requests()[since:] {
			if r.Route == route {
				out = append(out, r.Status)
			}
		}
		return out
	}
	eq := func(a, b []int) bool { return string(mustJSON(a)) == string(mustJSON(b)) }

	t.Run("500 is an error", func(t *testing.T) {
		n := len(srv.Requests())
		srv.FailNext(route, 1, 500)
		_, err := b.ChannelMessageSend(ch, "a")
		wantRefused(t, "send", err, 500, 0)
		if _, err := b.ChannelMessageSend(ch, "a"); err != nil {
			t.Fatalf("the second send: %v", err)
		}
		if got := statuses(n); !eq(got, []int{500, 200}) {
			t.Fatalf("statuses = %v", got)
		}
		if got := len(srv.Messages(ch)); got != 1 {
			t.Fatalf("%d messages, want 1: the failed request must change nothing", got)
		}
	})

	t.Run("502 is retried by discordgo", func(t *testing.T) {
		n := len(srv.Requests())
		srv.FailNext(route, 2, 502)
		if _, err := b.ChannelMessageSend(ch, "b"); err != nil {
			t.Fatalf("send: %v", err)
		}
		if got := statuses(n); !eq(got, []int{502, 502, 200}) {
			t.Fatalf("statuses = %v", got)
		}
	})

	t.Run("429 is waited out and retried", func(t *testing.T) {
		n := len(srv.Requests())
		srv.FailNext(route, 1, 429)
		if _, err := b.ChannelMessageSend(ch, "c"); err != nil {
			t.Fatalf("send: %v", err)
		}
		if got := statuses(n); !eq(got, []int{429, 200}) {
			t.Fatalf("statuses = %v", got)
		}
		var limited discordtest.Request
		for _, r := range srv.Requests()[n:] {
			if r.Status == 429 {
				limited = r
			}
		}
		var body struct {
			Message    string   `json:"message"`
			RetryAfter *float64 `json:"retry_after"`
			Global     *bool    `json:"global"`
		}
		if err := json.Unmarshal(limited.ResponseBody, &body); err != nil || body.RetryAfter == nil || *body.RetryAfter != discordtest.RetryAfter || body.Global == nil || *body.Global {
			t.Fatalf("429 body = %s (%v)", limited.ResponseBody, err)
		}
		// discordgo may also honour it without a request: without
		// ShouldRetryOnRateLimit it reports the limit.
		b.ShouldRetryOnRateLimit = false
		defer func() { b.ShouldRetryOnRateLimit = true }()
		srv.FailNext(route, 1, 429)
		_, err := b.ChannelMessageSend(ch, "d")
		var rl *discordgo.RateLimitError
		if !asRateLimit(err, &rl) || rl.RetryAfter <= 0 {
			t.Fatalf("err = %v, want a rate limit error", err)
		}
	})

	t.Run("one concrete channel", func(t *testing.T) {
		other := srv.NewChannel("other")
		srv.FailNext("POST /channels/"+other+"/messages", 1, 500)
		if _, err := b.ChannelMessageSend(ch, "e"); err != nil {
			t.Fatalf("send elsewhere: %v", err)
		}
		_, err := b.ChannelMessageSend(other, "e")
		wantRefused(t, "send in the failing channel", err, 500, 0)
		if _, err := b.ChannelMessageSend(other, "e"); err != nil {
			t.Fatal(err)
		}
	})
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func asRateLimit(err error, target **discordgo.RateLimitError) bool {
	rl, ok := err.(*discordgo.RateLimitError)
	*target = rl
	return ok
}

func TestHold(t *testing.T) {
	srv := discordtest.New(t)
	ctx := testCtx(t)
	b := newBot(t, srv)
	ch := srv.ChannelID
	m, err := b.ChannelMessageSend(ch, "turn 1")
	if err != nil {
		t.Fatal(err)
	}
	const route = "PATCH /channels/{channel}/messages/{message}"

	t.Run("released", func(t *testing.T) {
		h := srv.Hold(route)
		done := make(chan error, 1)
		go func() {
			_, err := b.ChannelMessageEdit(ch, m.ID, "summary 1")
			done <- err
		}()
		req, err := h.Wait(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if req.Route != route || req.Status != 0 {
			t.Fatalf("held request = %s %d", req.Route, req.Status)
		}
		if got, _ := srv.Message(m.ID); got.Content != "turn 1" {
			t.Fatalf("the held edit took effect: %q", got.Content)
		}
		select {
		case err := <-done:
			t.Fatalf("the held request was answered: %v", err)
		default:
		}
		h.Release()
		if err := recv(ctx, t, done, "edit answer"); err != nil {
			t.Fatal(err)
		}
		if got, _ := srv.Message(m.ID); got.Content != "summary 1" {
			t.Fatalf("content = %q after release", got.Content)
		}
		if h.Dropped() {
			t.Fatal("a released request is reported dropped")
		}
	})

	t.Run("client gone", func(t *testing.T) {
		h := srv.Hold("PATCH /channels/" + ch + "/messages/" + m.ID)
		rctx, cancel := context.WithCancel(ctx)
		req, _ := http.NewRequestWithContext(rctx, "PATCH", srv.URL()+"/api/v10/channels/"+ch+"/messages/"+m.ID, strings.NewReader(`{"content":"lost"}`))
		req.Header.Set("Authorization", "Bot test-token")
		req.Header.Set("Content-Type", "application/json")
		done := make(chan error, 1)
		go func() {
			res, err := http.DefaultClient.Do(req)
			if err == nil {
				res.Body.Close()
			}
			done <- err
		}()
		if _, err := h.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
		if err := recv(ctx, t, done, "client end"); err == nil {
			t.Fatal("the cancelled request was answered")
		}
		if err := srv.Wait(ctx, h.Dropped); err != nil {
			t.Fatalf("the request of a gone client was not dropped: %v", err)
		}
		h.Release()
		if got, _ := srv.Message(m.ID); got.Content != "summary 1" {
			t.Fatalf("a dropped edit took effect: %q", got.Content)
		}
	})

	t.Run("answer held", func(t *testing.T) {
		h := srv.HoldAnswer("POST /channels/{channel}/messages")
		done := make(chan error, 1)
		go func() {
			_, err := b.ChannelMessageSend(ch, "turn 2")
			done <- err
		}()
		req, err := h.Wait(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if req.Status != 200 {
			t.Fatalf("held answer: status %d, want 200", req.Status)
		}
		ms := srv.Messages(ch)
		if len(ms) != 2 || ms[1].Content != "turn 2" {
			t.Fatalf("the request held after serving did not take effect: %d messages", len(ms))
		}
		select {
		case err := <-done:
			t.Fatalf("the held answer was sent: %v", err)
		default:
		}
		h.Release()
		if err := recv(ctx, t, done, "send answer"); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("answer lost", func(t *testing.T) {
		h := srv.HoldAnswer("POST /channels/" + ch + "/messages")
		rctx, cancel := context.WithCancel(ctx)
		req, _ := http.NewRequestWithContext(rctx, "POST", srv.URL()+"/api/v10/channels/"+ch+"/messages", strings.NewReader(`{"content":"turn 3"}`))
		req.Header.Set("Authorization", "Bot test-token")
		req.Header.Set("Content-Type", "application/json")
		done := make(chan error, 1)
		go func() {
			res, err := http.DefaultClient.Do(req)
			if err == nil {
				res.Body.Close()
			}
			done <- err
		}()
		if _, err := h.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
		if err := recv(ctx, t, done, "client end"); err == nil {
			t.Fatal("the client got the held answer")
		}
		if err := srv.Wait(ctx, h.Dropped); err != nil {
			t.Fatalf("the answer to a gone client was not dropped: %v", err)
		}
		ms := srv.Messages(ch)
		if len(ms) != 3 || ms[2].Content != "turn 3" {
			t.Fatalf("the message whose answer was lost is not there: %d messages", len(ms))
		}
	})

	t.Run("close does not wait for a held request", func(t *testing.T) {
		srv2 := discordtest.New(t)
		h := srv2.Hold("GET /gateway")
		answered := make(chan int, 1)
		go func() {
			res, err := http.Get(srv2.URL() + "/api/v10/gateway")
			if err != nil {
				answered <- 0
				return
			}
			res.Body.Close()
			answered <- res.StatusCode
		}()
		if _, err := h.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		closed := make(chan struct{})
		go func() { srv2.Close(); close(closed) }()
		recv(ctx, t, closed, "Close to return")
		if st := recv(ctx, t, answered, "answer"); st != 0 && st != http.StatusServiceUnavailable {
			t.Fatalf("held request answered %d at Close", st)
		}
	})
}

func TestElsewhere(t *testing.T) {
	srv := discordtest.New(t)
	ctx := testCtx(t)
	b := newBot(t, srv)
	if err := srv.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	recv(ctx, t, b.guild, "GUILD_CREATE")
	if _, err := b.ApplicationCommandBulkOverwrite(srv.AppID, srv.GuildID, commands); err != nil {
		t.Fatal(err)
	}

	second := srv.NewChannel("second")
	chs, err := b.GuildChannels(srv.GuildID)
	if err != nil || len(chs) != 2 || chs[1].ID != second || chs[1].Name != "second" || chs[1].Position != 1 {
		t.Fatalf("channels = %+v, %v", chs, err)
	}
	if _, err := srv.Slash(ctx, discordtest.Actor{ChannelID: second}, "/carcassonne status"); err != nil {
		t.Fatal(err)
	}
	if ic := recv(ctx, t, b.interactions, "interaction"); ic.ChannelID != second || ic.GuildID != srv.GuildID {
		t.Fatalf("command from %s in %s, want %s in %s", ic.ChannelID, ic.GuildID, second, srv.GuildID)
	}

	msg, err := b.ChannelMessageSendComplex(srv.ChannelID, &discordgo.MessageSend{Content: "lobby", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Join", CustomID: "join", Style: discordgo.PrimaryButton}}},
	}})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("replayed in another channel", func(t *testing.T) {
		in, err := srv.Click(ctx, discordtest.Actor{SourceChannelID: second}, msg.ID, "join")
		if err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "interaction")
		if ic.ChannelID != second || ic.GuildID != srv.GuildID || ic.Message == nil || ic.Message.ID != msg.ID || ic.Message.ChannelID != srv.ChannelID {
			t.Fatalf("click: channel %s guild %s message %+v", ic.ChannelID, ic.GuildID, ic.Message)
		}
		if err := b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "no"}}); err != nil {
			t.Fatal(err)
		}
		if r := srv.Response(in.ID); r.Original == nil || r.Original.ChannelID != second {
			t.Fatalf("the answer is not in the interaction's channel: %+v", r.Original)
		}
	})

	t.Run("claiming another guild", func(t *testing.T) {
		if _, err := srv.Click(ctx, discordtest.Actor{GuildID: "42"}, msg.ID, "join"); err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "interaction")
		if ic.GuildID != "42" || ic.ChannelID != srv.ChannelID || ic.Message.ID != msg.ID {
			t.Fatalf("click: guild %s channel %s", ic.GuildID, ic.ChannelID)
		}
	})

	t.Run("a second guild", func(t *testing.T) {
		g2, c2 := srv.NewGuild("Other Guild")
		if gc := recv(ctx, t, b.guild, "GUILD_CREATE"); gc.ID != g2 || len(gc.Channels) != 1 || gc.Channels[0] != c2 {
			t.Fatalf("GUILD_CREATE = %+v, want %s with %s", gc, g2, c2)
		}
		if gs, err := b.UserGuilds(10, "", "", false); err != nil || len(gs) != 2 {
			t.Fatalf("guilds = %v, %v", gs, err)
		}
		if chs, err := b.GuildChannels(g2); err != nil || len(chs) != 1 || chs[0].ID != c2 || chs[0].GuildID != g2 {
			t.Fatalf("channels of the second guild = %+v, %v", chs, err)
		}
	})

	t.Run("commands in the second guild", func(t *testing.T) {
		g2, c2 := srv.NewGuild("Third Guild")
		recv(ctx, t, b.guild, "GUILD_CREATE")
		if _, err := b.ApplicationCommandBulkOverwrite(srv.AppID, g2, commands[:1]); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.Slash(ctx, discordtest.Actor{GuildID: g2}, "/carcassonne status"); err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "interaction")
		if ic.GuildID != g2 || ic.ChannelID != c2 {
			t.Fatalf("command in %s/%s, want %s/%s", ic.GuildID, ic.ChannelID, g2, c2)
		}
		if err := b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "ok"}}); err != nil {
			t.Fatal(err)
		}
		if ms := srv.Messages(c2); len(ms) != 1 || ms[0].Content != "ok" {
			t.Fatalf("messages of the second guild's channel = %d", len(ms))
		}
	})
}

func TestCommandContexts(t *testing.T) {
	srv := discordtest.New(t)
	b := newBot(t, srv)
	no := false
	cmd := &discordgo.ApplicationCommand{
		Name: "carcassonne", Description: "Play", DMPermission: &no,
		Contexts:         &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		IntegrationTypes: &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall},
	}
	if _, err := b.ApplicationCommandBulkOverwrite(srv.AppID, "", []*discordgo.ApplicationCommand{cmd}); err != nil {
		t.Fatal(err)
	}
	got := srv.Commands("")
	if len(got) != 1 {
		t.Fatalf("%d commands", len(got))
	}
	c := got[0]
	if c.DMPermission == nil || *c.DMPermission || c.Contexts == nil || len(*c.Contexts) != 1 || (*c.Contexts)[0] != discordgo.InteractionContextGuild ||
		c.IntegrationTypes == nil || len(*c.IntegrationTypes) != 1 || (*c.IntegrationTypes)[0] != discordgo.ApplicationIntegrationGuildInstall {
		t.Fatalf("stored command: dm_permission %v contexts %v integration_types %v", c.DMPermission, c.Contexts, c.IntegrationTypes)
	}
	// A later edit keeps them.
	if _, err := b.ApplicationCommandEdit(srv.AppID, "", c.ID, &discordgo.ApplicationCommand{Name: "carcassonne", Description: "Play Carcassonne"}); err != nil {
		t.Fatal(err)
	}
	if c := srv.Commands("")[0]; c.Contexts == nil || len(*c.Contexts) != 1 || c.Description != "Play Carcassonne" {
		t.Fatalf("after edit: %+v", c)
	}

	url := discordgo.EndpointApplicationGlobalCommands(srv.AppID)
	for _, tc := range []struct {
		name  string
		field string
		value any
		path  string
	}{
		{"unknown context", "contexts", []int{0, 3}, "contexts.1"},
		{"contexts not a list", "contexts", "guild", "contexts"},
		{"context not an integer", "contexts", []any{0.5}, "contexts.0"},
		{"repeated context", "contexts", []int{0, 0}, "contexts"},
		{"unknown integration type", "integration_types", []int{2}, "integration_types.0"},
		{"dm_permission not a boolean", "dm_permission", "no", "dm_permission"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := []map[string]any{{"name": "carcassonne", "description": "Play", tc.field: tc.value}}
			_, err := b.RequestWithBucketID("PUT", url, body, url)
			wantRefused(t, tc.name, err, 400, 50035)
			var re *discordgo.RESTError
			asREST(err, &re)
			if !strings.Contains(string(re.ResponseBody), pathJSON(tc.path)) {
				t.Fatalf("error body %s does not point at %s", re.ResponseBody, tc.path)
			}
			if c := srv.Commands("")[0]; c.Contexts == nil {
				t.Fatal("a refused overwrite changed the commands")
			}
		})
	}
}

func asREST(err error, target **discordgo.RESTError) {
	re, _ := err.(*discordgo.RESTError)
	*target = re
}

// pathJSON is how a dotted error path starts in Discord's nested errors:
// "contexts.1" is {"0": {"contexts": {"1": ...
func pathJSON(path string) string {
	parts := strings.Split(path, ".")
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(":{")
		}
		b.WriteString(strconv.Quote(p))
	}
	return b.String()
}
