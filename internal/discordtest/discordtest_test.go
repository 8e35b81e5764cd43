package discordtest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// rewrite sends https://discord.com/... to the test server, keeping the
// path, and refuses every other host so nothing reaches the network.
type rewrite struct{ base *url.URL }

func (t rewrite) RoundTrip(r *http.Request) (*http.Response, error) {
	switch r.URL.Host {
	case "discord.com":
		r = r.Clone(r.Context())
		r.URL.Scheme, r.URL.Host, r.Host = t.base.Scheme, t.base.Host, t.base.Host
	case t.base.Host:
	default:
		return nil, fmt.Errorf("test transport: refusing %s", r.URL)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// bot is a discordgo session wired to the server, forwarding events to
// channels.
type bot struct {
	*discordgo.Session
	ready        chan readyInfo
	guild        chan guildInfo
	resumed      chan *discordgo.Resumed
	interactions chan *discordgo.InteractionCreate
}

func newBot(t *testing.T, srv *discordtest.Server) *bot {
	t.Helper()
	return newBotWith(t, srv, nil)
}

// newBotWith is newBot with configure applied to the session before it
// connects (a shard, for instance).
func newBotWith(t *testing.T, srv *discordtest.Server, configure func(*discordgo.Session)) *bot {
	t.Helper()
	dg, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse(srv.URL())
	dg.Client = &http.Client{Transport: rewrite{base}}
	dg.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMessages
	// discordgo's state updates the guild objects of READY when GUILD_CREATE
	// follows; with asynchronous handlers reading READY races with that.
	dg.SyncEvents = true
	b := &bot{
		Session:      dg,
		ready:        make(chan readyInfo, 4),
		guild:        make(chan guildInfo, 4),
		resumed:      make(chan *discordgo.Resumed, 4),
		interactions: make(chan *discordgo.InteractionCreate, 16),
	}
	// discordgo's state keeps and updates the event structs: copy what the
	// test checks.
	dg.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		info := readyInfo{UserID: r.User.ID, Bot: r.User.Bot, SessionID: r.SessionID, AppID: r.Application.ID}
		if r.Shard != nil {
			info.Shard = *r.Shard
			info.HasShard = true
		}
		for _, g := range r.Guilds {
			info.Guilds = append(info.Guilds, g.ID)
			info.Unavailable = info.Unavailable || g.Unavailable
		}
		b.ready <- info
	})
	dg.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) {
		info := guildInfo{ID: g.ID}
		for _, c := range g.Channels {
			info.Channels = append(info.Channels, c.ID)
		}
		b.guild <- info
	})
	dg.AddHandler(func(_ *discordgo.Session, r *discordgo.Resumed) { b.resumed <- r })
	dg.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { b.interactions <- ic })
	if configure != nil {
		configure(dg)
	}
	if err := dg.Open(); err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { dg.Close() })
	return b
}

type readyInfo struct {
	UserID, SessionID, AppID string
	Bot, Unavailable         bool
	Guilds                   []string
	Shard                    [2]int // READY's shard, when HasShard
	HasShard                 bool
}

type guildInfo struct {
	ID       string
	Channels []string
}

func recv[T any](ctx context.Context, t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-ctx.Done():
		t.Fatalf("no %s: %v", what, ctx.Err())
		panic("unreachable")
	}
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func restCode(t *testing.T, err error) (int, int) {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("want a REST error, got %v", err)
	}
	code := -1
	if re.Message != nil {
		code = re.Message.Code
	}
	return re.Response.StatusCode, code
}

func ptr[T any](v T) *T { return &v }

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

var commands = []*discordgo.ApplicationCommand{{
	Name:        "carcassonne",
	Description: "Play Carcassonne",
	Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "New game", Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionString, Name: "farms", Description: "Farm scoring", Required: true,
			Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "per farm", Value: "per-farm"}, {Name: "per city", Value: "per-city"}},
		}, {
			Type: discordgo.ApplicationCommandOptionInteger, Name: "players", Description: "Players", MinValue: ptr(2.0), MaxValue: 5,
		}}},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "join", Description: "Join a game", Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Game", Required: true, Autocomplete: true,
		}}},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "status", Description: "Status"},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "rename", Description: "Rename"},
	},
}, {
	Name:                     "cleanup",
	Description:              "Moderators only",
	DefaultMemberPermissions: ptr(int64(discordgo.PermissionManageMessages)),
}}

func TestPermissionConstants(t *testing.T) {
	def := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads |
		discordgo.PermissionCreatePublicThreads | discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles |
		discordgo.PermissionReadMessageHistory | discordgo.PermissionAddReactions | discordgo.PermissionUseExternalEmojis |
		discordgo.PermissionUseApplicationCommands)
	if got := strconv.FormatInt(def, 10); got != discordtest.DefaultPermissions {
		t.Errorf("DefaultPermissions = %s, want %s", discordtest.DefaultPermissions, got)
	}
	bot := def | discordgo.PermissionManageMessages | discordgo.PermissionManageThreads | discordgo.PermissionCreatePrivateThreads
	if got := strconv.FormatInt(bot, 10); got != discordtest.BotPermissions {
		t.Errorf("BotPermissions = %s, want %s", discordtest.BotPermissions, got)
	}
}

func TestEndToEnd(t *testing.T) {
	srv := discordtest.New(t)
	ctx := testCtx(t)
	b := newBot(t, srv)
	alice := srv.NewUser("alice", "Alice")

	// Gateway: READY, then GUILD_CREATE.
	if err := srv.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	ready := recv(ctx, t, b.ready, "READY")
	if ready.UserID != srv.Bot.ID || !ready.Bot || ready.SessionID == "" || ready.AppID != srv.AppID ||
		len(ready.Guilds) != 1 || ready.Guilds[0] != srv.GuildID || !ready.Unavailable {
		t.Fatalf("READY = %+v", ready)
	}
	g := recv(ctx, t, b.guild, "GUILD_CREATE")
	if g.ID != srv.GuildID || len(g.Channels) != 1 || g.Channels[0] != srv.ChannelID {
		t.Fatalf("GUILD_CREATE = %+v", g)
	}
	if srv.Connected() != 1 {
		t.Fatalf("Connected = %d", srv.Connected())
	}

	t.Run("rest basics", func(t *testing.T) {
		me, err := b.User("@me")
		if err != nil || me.ID != srv.Bot.ID {
			t.Fatalf("users/@me = %+v, %v", me, err)
		}
		if u, err := b.User(alice.ID); err != nil || u.GlobalName != "Alice" {
			t.Fatalf("user = %+v, %v", u, err)
		}
		if app, err := b.Application("@me"); err != nil || app.ID != srv.AppID {
			t.Fatalf("application = %+v, %v", app, err)
		}
		if gd, err := b.Guild(srv.GuildID); err != nil || gd.ID != srv.GuildID || len(gd.Roles) != 2 {
			t.Fatalf("guild = %+v, %v", gd, err)
		}
		if m, err := b.GuildMember(srv.GuildID, srv.Bot.ID); err != nil || m.User.ID != srv.Bot.ID {
			t.Fatalf("member = %+v, %v", m, err)
		}
		if _, err := b.GuildMember(srv.GuildID, "1"); err == nil {
			t.Fatal("unknown member found")
		} else if st, code := restCode(t, err); st != 404 || code != 10007 {
			t.Fatalf("unknown member: %d %d", st, code)
		}
		if chs, err := b.GuildChannels(srv.GuildID); err != nil || len(chs) != 1 {
			t.Fatalf("channels = %v, %v", chs, err)
		}
		if roles, err := b.GuildRoles(srv.GuildID); err != nil || roles[0].Permissions == 0 {
			t.Fatalf("roles = %v, %v", roles, err)
		}
		perms, err := b.UserChannelPermissions(srv.Bot.ID, srv.ChannelID)
		if err != nil || perms&discordgo.PermissionSendMessages == 0 {
			t.Fatalf("permissions = %d, %v", perms, err)
		}
	})

	t.Run("commands", func(t *testing.T) {
		got, err := b.ApplicationCommandBulkOverwrite(srv.AppID, srv.GuildID, commands)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].ID == "" || got[0].ApplicationID != srv.AppID || got[0].GuildID != srv.GuildID {
			t.Fatalf("overwrite = %+v", got)
		}
		again, err := b.ApplicationCommandBulkOverwrite(srv.AppID, srv.GuildID, commands)
		if err != nil || again[0].ID != got[0].ID {
			t.Fatalf("ids not kept on overwrite: %v %v", again, err)
		}
		if list, err := b.ApplicationCommands(srv.AppID, srv.GuildID); err != nil || len(list) != 2 {
			t.Fatalf("list = %v, %v", list, err)
		}
		if cmds := srv.Commands(srv.GuildID); len(cmds) != 2 || cmds[0].Options[0].Options[0].Choices[1].Value != "per-city" {
			t.Fatalf("Commands = %+v", cmds)
		}
		// Global commands: create, edit, get, delete.
		ping := &discordgo.ApplicationCommand{Name: "ping", Description: "Ping"}
		created, err := b.ApplicationCommandCreate(srv.AppID, "", ping)
		if err != nil || created.ID == "" || created.GuildID != "" {
			t.Fatalf("create = %+v, %v", created, err)
		}
		ping.Description = "Pong?"
		if edited, err := b.ApplicationCommandEdit(srv.AppID, "", created.ID, ping); err != nil || edited.Description != "Pong?" || edited.ID != created.ID {
			t.Fatalf("edit = %+v, %v", edited, err)
		}
		if got, err := b.ApplicationCommand(srv.AppID, "", created.ID); err != nil || got.Description != "Pong?" {
			t.Fatalf("get = %+v, %v", got, err)
		}
		if err := b.ApplicationCommandDelete(srv.AppID, "", created.ID); err != nil || len(srv.Commands("")) != 0 {
			t.Fatalf("delete: %v, %d left", err, len(srv.Commands("")))
		}
		if _, err := b.ApplicationCommand(srv.AppID, "", created.ID); err == nil {
			t.Fatal("deleted command found")
		} else if st, code := restCode(t, err); st != 404 || code != 10063 {
			t.Fatalf("deleted command: %d %d", st, code)
		}
		if _, err := b.ApplicationCommandBulkOverwrite(srv.AppID, "", []*discordgo.ApplicationCommand{{Name: "Bad Name", Description: "x"}}); err == nil {
			t.Fatal("invalid command name accepted")
		} else if st, code := restCode(t, err); st != 400 || code != 50035 {
			t.Fatalf("invalid command: %d %d", st, code)
		}
	})

	var first *discordgo.InteractionCreate
	t.Run("slash command answered with a PNG", func(t *testing.T) {
		in, err := srv.Slash(ctx, discordtest.Actor{}, "/carcassonne new farms:per-farm players:3")
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			Type           int    `json:"type"`
			AppPermissions string `json:"app_permissions"`
			GuildID        string `json:"guild_id"`
			Channel        struct {
				ID string `json:"id"`
			} `json:"channel"`
			Member struct {
				Permissions string `json:"permissions"`
				User        struct {
					ID string `json:"id"`
				} `json:"user"`
			} `json:"member"`
			Data struct {
				ID      string `json:"id"`
				Name    string `json:"name"`
				Type    int    `json:"type"`
				Options []struct {
					Type    int    `json:"type"`
					Name    string `json:"name"`
					Options []struct {
						Type  int    `json:"type"`
						Name  string `json:"name"`
						Value any    `json:"value"`
					} `json:"options"`
				} `json:"options"`
			} `json:"data"`
		}
		if err := json.Unmarshal(in.Payload, &p); err != nil {
			t.Fatal(err)
		}
		if p.Type != 2 || p.Data.Name != "carcassonne" || p.Data.Type != 1 || p.Data.ID == "" ||
			p.Data.Options[0].Type != 1 || p.Data.Options[0].Name != "new" ||
			p.Data.Options[0].Options[0].Type != 3 || p.Data.Options[0].Options[0].Value != "per-farm" ||
			p.Data.Options[0].Options[1].Value != 3.0 || p.Member.Permissions != discordtest.DefaultPermissions ||
			p.Member.User.ID != srv.User.ID || p.AppPermissions != discordtest.BotPermissions || p.Channel.ID != srv.ChannelID {
			t.Fatalf("payload = %s", in.Payload)
		}

		ic := recv(ctx, t, b.interactions, "slash interaction")
		first = ic
		data := ic.ApplicationCommandData()
		if ic.ID != in.ID || data.Options[0].Name != "new" || data.Options[0].Options[0].StringValue() != "per-farm" ||
			data.Options[0].Options[1].IntValue() != 3 || ic.Member.User.ID != srv.User.ID || ic.GuildID != srv.GuildID {
			t.Fatalf("bot saw %+v", ic.Interaction)
		}
		img := pngBytes(t, 3, 2)
		err = b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "New game",
				Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(img)}},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		resp, err := srv.WaitResponse(ctx, in.ID)
		if err != nil {
			t.Fatal(err)
		}
		if resp.Type != 4 || len(resp.Files) != 1 || resp.Files[0].ContentType != "image/png" {
			t.Fatalf("response = %+v", resp)
		}
		if _, err := png.Decode(bytes.NewReader(resp.Files[0].Data)); err != nil {
			t.Fatalf("callback file is not a PNG: %v", err)
		}
		orig := resp.Original
		if orig == nil || orig.Content != "New game" || len(orig.Attachments) != 1 || orig.Author.ID != srv.Bot.ID {
			t.Fatalf("original = %+v", orig)
		}
		att := orig.Attachments[0]
		if att.Filename != "board.png" || att.ContentType != "image/png" || att.Width != 3 || att.Height != 2 || att.Size != len(img) {
			t.Fatalf("attachment = %+v", att)
		}
		if !bytes.Equal(orig.Files[0].Data, img) {
			t.Fatal("stored attachment bytes differ")
		}
		if orig.Interaction == nil || orig.Interaction.Name != "carcassonne new" || orig.Type != discordgo.MessageTypeChatInputCommand {
			t.Fatalf("original interaction = %+v type %d", orig.Interaction, orig.Type)
		}
		// The attachment URL serves the bytes.
		res, err := http.Get(att.URL)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !bytes.Equal(body, img) || res.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("GET attachment: %d bytes, %s", len(body), res.Header.Get("Content-Type"))
		}
		// The multipart request was recorded and decoded.
		var rec *discordtest.Request
		for _, r := range srv.Requests() {
			if r.Route == "POST /interactions/{interaction}/{token}/callback" {
				rec = &r
			}
		}
		if rec == nil || len(rec.Files) != 1 || rec.Files[0].Field != "files[0]" || rec.Files[0].Filename != "board.png" ||
			rec.Status != 204 || !strings.HasPrefix(rec.Header.Get("Content-Type"), "multipart/form-data") {
			t.Fatalf("recorded callback = %+v", rec)
		}
		if _, err := png.Decode(bytes.NewReader(rec.Files[0].Data)); err != nil {
			t.Fatalf("recorded file is not a PNG: %v", err)
		}
		var payload struct {
			Type int `json:"type"`
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
		}
		if json.Unmarshal(rec.JSON, &payload); payload.Type != 4 || payload.Data.Content != "New game" {
			t.Fatalf("recorded payload_json = %s", rec.JSON)
		}
		if msgs := srv.Messages(srv.ChannelID); len(msgs) != 1 || msgs[0].ID != orig.ID {
			t.Fatalf("channel messages = %d", len(msgs))
		}
	})

	t.Run("second callback and unknown interaction", func(t *testing.T) {
		err := b.InteractionRespond(first.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "again"},
		})
		if st, code := restCode(t, err); st != 400 || code != 40060 {
			t.Fatalf("second callback: %d %d", st, code)
		}
		err = b.InteractionRespond(&discordgo.Interaction{ID: "1", Token: "nope"}, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "x"}})
		if st, code := restCode(t, err); st != 404 || code != 10062 {
			t.Fatalf("unknown interaction: %d %d", st, code)
		}
	})

	t.Run("edit @original and attachment rule", func(t *testing.T) {
		m, err := b.InteractionResponseEdit(first.Interaction, &discordgo.WebhookEdit{
			Content: ptr("Edited"), Attachments: &[]*discordgo.MessageAttachment{},
		})
		if err != nil {
			t.Fatal(err)
		}
		if m.Content != "Edited" || len(m.Attachments) != 0 || m.EditedTimestamp == nil {
			t.Fatalf("edited = %+v", m)
		}
		edit := func(e *discordgo.WebhookEdit) []*discordgo.MessageAttachment {
			t.Helper()
			m, err := b.InteractionResponseEdit(first.Interaction, e)
			if err != nil {
				t.Fatal(err)
			}
			return m.Attachments
		}
		file := func(name string) []*discordgo.File {
			return []*discordgo.File{{Name: name, ContentType: "image/png", Reader: bytes.NewReader(pngBytes(t, 1, 1))}}
		}
		a := edit(&discordgo.WebhookEdit{Files: file("b.png")})
		if len(a) != 1 || a[0].Filename != "b.png" {
			t.Fatalf("after adding b: %v", a)
		}
		a = edit(&discordgo.WebhookEdit{Files: file("c.png")})
		if len(a) != 2 || a[1].Filename != "c.png" {
			t.Fatalf("after adding c: %v", a)
		}
		a = edit(&discordgo.WebhookEdit{Attachments: &[]*discordgo.MessageAttachment{{ID: a[0].ID}}})
		if len(a) != 1 || a[0].Filename != "b.png" {
			t.Fatalf("after keeping b: %v", a)
		}
		got, err := b.InteractionResponse(first.Interaction)
		if err != nil || got.Content != "Edited" || len(got.Attachments) != 1 {
			t.Fatalf("GET @original = %+v, %v", got, err)
		}
		if r := srv.Response(first.ID); r.Original.Content != "Edited" || len(r.Original.Files) != 1 {
			t.Fatalf("Response.Original = %+v", r.Original)
		}
	})

	var board *discordgo.Message
	t.Run("components and UPDATE_MESSAGE", func(t *testing.T) {
		var err error
		board, err = b.ChannelMessageSendComplex(srv.ChannelID, &discordgo.MessageSend{
			Content: "Who joins?",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: "join"},
				discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.com"},
			}}, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "colour", Options: []discordgo.SelectMenuOption{{Label: "Red", Value: "red"}, {Label: "Blue", Value: "blue"}}},
			}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		m, err := srv.WaitMessage(ctx, srv.ChannelID, func(m discordtest.Message) bool { return m.ID == board.ID })
		if err != nil {
			t.Fatal(err)
		}
		if btn := m.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.Button); btn.CustomID != "join" {
			t.Fatalf("stored button = %+v", btn)
		}
		if _, err := srv.Click(ctx, discordtest.Actor{}, board.ID, "nope"); err == nil {
			t.Fatal("clicked a missing button")
		}
		if _, err := srv.Select(ctx, discordtest.Actor{}, board.ID, "colour", "green"); err == nil {
			t.Fatal("selected a missing option")
		}

		in, err := srv.Select(ctx, discordtest.Actor{User: alice}, board.ID, "colour", "blue")
		if err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "select interaction")
		if d := ic.MessageComponentData(); d.CustomID != "colour" || d.ComponentType != discordgo.SelectMenuComponent || d.Values[0] != "blue" || ic.Member.User.ID != alice.ID {
			t.Fatalf("select = %+v by %+v", d, ic.Member.User)
		}
		if err := b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
			t.Fatal(err)
		}
		if r, err := srv.WaitResponse(ctx, in.ID); err != nil || r.Type != 6 || r.Original.ID != board.ID {
			t.Fatalf("deferred update = %+v, %v", r, err)
		}

		in, err = srv.Click(ctx, discordtest.Actor{User: alice}, board.ID, "join")
		if err != nil {
			t.Fatal(err)
		}
		ic = recv(ctx, t, b.interactions, "button interaction")
		if d := ic.MessageComponentData(); d.CustomID != "join" || d.ComponentType != discordgo.ButtonComponent || ic.Message.ID != board.ID {
			t.Fatalf("click = %+v on %+v", d, ic.Message)
		}
		err = b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{
				Content: "Alice joined",
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: "join", Disabled: true},
				}}},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		r, err := srv.WaitResponse(ctx, in.ID)
		if err != nil || r.Type != 7 || r.Original.ID != board.ID || r.Original.Content != "Alice joined" {
			t.Fatalf("update = %+v, %v", r, err)
		}
		if _, err := srv.Click(ctx, discordtest.Actor{}, board.ID, "join"); err == nil || !strings.Contains(err.Error(), "disabled") {
			t.Fatalf("clicking a disabled button: %v", err)
		}
	})

	t.Run("channel messages with files", func(t *testing.T) {
		m, err := b.ChannelMessageSendComplex(srv.ChannelID, &discordgo.MessageSend{
			Content: "Score sheet",
			Files: []*discordgo.File{
				{Name: "a.png", ContentType: "image/png", Reader: bytes.NewReader(pngBytes(t, 1, 1))},
				{Name: "notes.txt", Reader: strings.NewReader("hello")},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Attachments) != 2 || m.Attachments[1].ContentType != "text/plain" || m.Attachments[1].Size != 5 || m.Attachments[0].URL == "" {
			t.Fatalf("attachments = %+v %+v", m.Attachments[0], m.Attachments[1])
		}
		e := discordgo.NewMessageEdit(srv.ChannelID, m.ID)
		e.Files = []*discordgo.File{{Name: "c.png", ContentType: "image/png", Reader: bytes.NewReader(pngBytes(t, 1, 1))}}
		m2, err := b.ChannelMessageEditComplex(e)
		if err != nil || len(m2.Attachments) != 3 {
			t.Fatalf("edit adding a file: %v, %v", m2, err)
		}
		e = discordgo.NewMessageEdit(srv.ChannelID, m.ID)
		e.Attachments = &[]*discordgo.MessageAttachment{{ID: m.Attachments[0].ID}}
		m3, err := b.ChannelMessageEditComplex(e)
		if err != nil || len(m3.Attachments) != 1 || m3.Attachments[0].ID != m.Attachments[0].ID || m3.Content != "Score sheet" {
			t.Fatalf("edit keeping one: %+v, %v", m3, err)
		}
		if _, err := b.ChannelMessageSend(srv.ChannelID, ""); err == nil {
			t.Fatal("empty message accepted")
		} else if st, code := restCode(t, err); st != 400 || code != 50006 {
			t.Fatalf("empty: %d %d", st, code)
		}
		if _, err := b.ChannelMessageSend(srv.ChannelID, strings.Repeat("x", 2001)); err == nil {
			t.Fatal("long message accepted")
		} else if st, code := restCode(t, err); st != 400 || code != 50035 {
			t.Fatalf("long: %d %d", st, code)
		}
		reply, err := b.ChannelMessageSendReply(srv.ChannelID, "Nice sheet", m.Reference())
		if err != nil || reply.Type != discordgo.MessageTypeReply || reply.ReferencedMessage == nil || reply.ReferencedMessage.ID != m.ID {
			t.Fatalf("reply = %+v, %v", reply, err)
		}
		got, err := b.ChannelMessages(srv.ChannelID, 2, "", "", "")
		if err != nil || len(got) != 2 || got[0].ID != reply.ID || got[1].ID != m.ID {
			t.Fatalf("history = %v, %v", got, err)
		}
		if older, err := b.ChannelMessages(srv.ChannelID, 100, m.ID, "", ""); err != nil || len(older) != 2 || older[0].ID != board.ID || older[1].ID != srv.Response(first.ID).Original.ID {
			t.Fatalf("history before = %v, %v", older, err)
		}
		if err := b.ChannelMessageDelete(srv.ChannelID, m.ID); err != nil {
			t.Fatal(err)
		}
		if _, ok := srv.Message(m.ID); ok {
			t.Fatal("deleted message still there")
		}
		if _, err := b.ChannelMessage(srv.ChannelID, m.ID); err == nil {
			t.Fatal("deleted message fetched")
		} else if st, code := restCode(t, err); st != 404 || code != 10008 {
			t.Fatalf("deleted: %d %d", st, code)
		}
	})

	var thread *discordgo.Channel
	t.Run("threads", func(t *testing.T) {
		var err error
		thread, err = b.MessageThreadStart(srv.ChannelID, board.ID, "Game 1", 60)
		if err != nil {
			t.Fatal(err)
		}
		if thread.ID != board.ID || thread.Type != discordgo.ChannelTypeGuildPublicThread || thread.ParentID != srv.ChannelID ||
			thread.ThreadMetadata == nil || thread.ThreadMetadata.AutoArchiveDuration != 60 {
			t.Fatalf("thread = %+v", thread)
		}
		if _, err := b.MessageThreadStart(srv.ChannelID, board.ID, "again", 60); err == nil {
			t.Fatal("second thread from one message")
		} else if st, code := restCode(t, err); st != 400 || code != 160004 {
			t.Fatalf("second thread: %d %d", st, code)
		}
		if m, _ := srv.Message(board.ID); m.Thread == nil || m.Thread.ID != thread.ID {
			t.Fatalf("starter message thread = %+v", m.Thread)
		}
		if _, err := b.ChannelMessageSend(thread.ID, "Turn 1"); err != nil {
			t.Fatal(err)
		}
		if msgs := srv.Messages(thread.ID); len(msgs) != 1 || msgs[0].Content != "Turn 1" || msgs[0].ChannelID != thread.ID {
			t.Fatalf("thread messages = %v", msgs)
		}
		if err := b.ThreadJoin(thread.ID); err != nil {
			t.Fatal(err)
		}
		if err := b.ThreadLeave(thread.ID); err != nil {
			t.Fatal(err)
		}
		ch, err := b.ChannelEdit(thread.ID, &discordgo.ChannelEdit{Archived: ptr(true)})
		if err != nil || !ch.ThreadMetadata.Archived || !srv.Channel(thread.ID).ThreadMetadata.Archived {
			t.Fatalf("archive: %+v, %v", ch, err)
		}
		if _, err := b.ChannelMessageSend(thread.ID, "Turn 2"); err != nil {
			t.Fatal(err)
		}
		if srv.Channel(thread.ID).ThreadMetadata.Archived {
			t.Fatal("posting did not unarchive the thread")
		}
		if got, err := b.Channel(thread.ID); err != nil || got.MessageCount != 2 {
			t.Fatalf("GET thread = %+v, %v", got, err)
		}
		other, err := b.ThreadStart(srv.ChannelID, "Side chat", discordgo.ChannelTypeGuildPublicThread, 1440)
		if err != nil || other.ID == board.ID || other.Type != discordgo.ChannelTypeGuildPublicThread {
			t.Fatalf("thread without message = %+v, %v", other, err)
		}
		if ths := srv.Threads(srv.ChannelID); len(ths) != 2 {
			t.Fatalf("Threads = %d", len(ths))
		}

		// A slash command in the thread, answered ephemerally.
		in, err := srv.Slash(ctx, discordtest.Actor{ChannelID: thread.ID}, "/carcassonne status")
		if err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "thread interaction")
		if ic.ChannelID != thread.ID {
			t.Fatalf("channel = %s", ic.ChannelID)
		}
		err = b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "Only you", Flags: discordgo.MessageFlagsEphemeral},
		})
		if err != nil {
			t.Fatal(err)
		}
		r, err := srv.WaitResponse(ctx, in.ID)
		if err != nil || r.Flags != 64 || r.Original.Flags&discordgo.MessageFlagsEphemeral == 0 || r.Original.ChannelID != thread.ID {
			t.Fatalf("ephemeral = %+v, %v", r, err)
		}
		if msgs := srv.Messages(thread.ID); len(msgs) != 2 {
			t.Fatalf("ephemeral message listed: %d", len(msgs))
		}
	})

	t.Run("autocomplete", func(t *testing.T) {
		in, err := srv.Autocomplete(ctx, discordtest.Actor{}, "/carcassonne join game:ab", "game")
		if err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "autocomplete")
		opt := ic.ApplicationCommandData().Options[0].Options[0]
		if ic.Type != discordgo.InteractionApplicationCommandAutocomplete || !opt.Focused || opt.StringValue() != "ab" {
			t.Fatalf("autocomplete = %+v", opt)
		}
		if err := b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "no"}}); err == nil {
			t.Fatal("message answer to autocomplete accepted")
		}
		err = b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "abbey", Value: "g1"}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		r, err := srv.WaitResponse(ctx, in.ID)
		if err != nil || r.Type != 8 || !strings.Contains(string(r.Data), `"abbey"`) {
			t.Fatalf("autocomplete response = %+v, %v", r, err)
		}
		if _, err := srv.Autocomplete(ctx, discordtest.Actor{}, "/carcassonne new farms:x", "farms"); err == nil {
			t.Fatal("autocomplete on a non-autocomplete option")
		}
	})

	t.Run("modal", func(t *testing.T) {
		in, err := srv.Slash(ctx, discordtest.Actor{}, "/carcassonne rename")
		if err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "rename")
		err = b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: "rename", Title: "Rename", Components: []discordgo.MessageComponent{
				discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "name", Label: "Name", Style: discordgo.TextInputShort, Required: true, MaxLength: 20}}},
			}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := srv.WaitResponse(ctx, in.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.SubmitModal(ctx, discordtest.Actor{}, in.ID, map[string]string{"name": strings.Repeat("x", 21)}); err == nil {
			t.Fatal("too long modal value accepted")
		}
		sub, err := srv.SubmitModal(ctx, discordtest.Actor{}, in.ID, map[string]string{"name": "Castle"})
		if err != nil {
			t.Fatal(err)
		}
		ic = recv(ctx, t, b.interactions, "modal submit")
		d := ic.ModalSubmitData()
		if d.CustomID != "rename" || d.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value != "Castle" {
			t.Fatalf("modal submit = %+v", d)
		}
		if err := b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "Renamed"}}); err != nil {
			t.Fatal(err)
		}
		if r, err := srv.WaitResponse(ctx, sub.ID); err != nil || r.Original.Content != "Renamed" {
			t.Fatalf("modal answer = %+v, %v", r, err)
		}
	})

	t.Run("deferred response and followups", func(t *testing.T) {
		in, err := srv.Slash(ctx, discordtest.Actor{}, "/carcassonne status")
		if err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "status")
		err = b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		})
		if err != nil {
			t.Fatal(err)
		}
		if r, _ := srv.WaitResponse(ctx, in.ID); r.Original == nil || r.Original.Flags&discordgo.MessageFlagsLoading == 0 {
			t.Fatalf("deferred original = %+v", r.Original)
		}
		m, err := b.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "Status: ok"})
		if err != nil {
			t.Fatal(err)
		}
		r := srv.Response(in.ID)
		if m.ID != r.Original.ID || r.Original.Content != "Status: ok" || r.Original.Flags != discordgo.MessageFlagsEphemeral || len(r.Followups) != 0 {
			t.Fatalf("first followup did not complete the deferred message: %+v", r)
		}
		f, err := b.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "More"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.FollowupMessageEdit(ic.Interaction, f.ID, &discordgo.WebhookEdit{Content: ptr("More!")}); err != nil {
			t.Fatal(err)
		}
		if r := srv.Response(in.ID); len(r.Followups) != 1 || r.Followups[0].Content != "More!" {
			t.Fatalf("followups = %+v", r.Followups)
		}
		if err := b.FollowupMessageDelete(ic.Interaction, f.ID); err != nil {
			t.Fatal(err)
		}
		if err := b.InteractionResponseDelete(ic.Interaction); err != nil {
			t.Fatal(err)
		}
		if r := srv.Response(in.ID); r.Original != nil || len(r.Followups) != 0 {
			t.Fatalf("after deletes = %+v", r)
		}
	})

	t.Run("default member permissions", func(t *testing.T) {
		if _, err := srv.Slash(ctx, discordtest.Actor{}, "/cleanup"); err == nil {
			t.Fatal("member without Manage Messages ran /cleanup")
		}
		mod := strconv.FormatInt(discordgo.PermissionManageMessages|discordgo.PermissionViewChannel, 10)
		in, err := srv.Slash(ctx, discordtest.Actor{User: alice, Permissions: mod}, "/cleanup")
		if err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "cleanup")
		if ic.ID != in.ID || ic.Member.Permissions&discordgo.PermissionManageMessages == 0 {
			t.Fatalf("cleanup = %+v", ic.Member)
		}
		b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "done"}})
	})

	t.Run("raw dispatch", func(t *testing.T) {
		if err := srv.Dispatch(ctx, "INTERACTION_CREATE", []byte(`{"id": "12", "type": `)); err != nil {
			t.Fatal(err)
		}
		raw := fmt.Sprintf(`{"id":"4242","application_id":%q,"type":2,"token":"raw-token","channel_id":%q,"guild_id":%q,"version":1,"data":{"id":"1","name":"carcassonne","type":1,"options":[{"type":1,"name":"status","unexpected":true}]}}`,
			srv.AppID, srv.ChannelID, srv.GuildID)
		if err := srv.Dispatch(ctx, "INTERACTION_CREATE", []byte(raw)); err != nil {
			t.Fatal(err)
		}
		ic := recv(ctx, t, b.interactions, "raw interaction")
		if ic.ID != "4242" {
			t.Fatalf("raw interaction = %+v", ic.Interaction)
		}
		if err := b.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "raw ok"}}); err != nil {
			t.Fatal(err)
		}
		if srv.Connected() != 1 {
			t.Fatalf("Connected = %d after bad JSON", srv.Connected())
		}
	})

	t.Run("reconnect and resume", func(t *testing.T) {
		srv.Reconnect()
		// Dispatched while discordgo reconnects: delivered live or replayed on RESUME.
		in, err := srv.Slash(ctx, discordtest.Actor{}, "/carcassonne status")
		if err != nil {
			t.Fatal(err)
		}
		recv(ctx, t, b.resumed, "RESUMED")
		ic := recv(ctx, t, b.interactions, "interaction across reconnect")
		if ic.ID != in.ID {
			t.Fatalf("got %s, want %s", ic.ID, in.ID)
		}
	})

	t.Run("second process", func(t *testing.T) {
		b2 := newBot(t, srv)
		recv(ctx, t, b2.ready, "READY of second session")
		if err := srv.Wait(ctx, func() bool { return srv.Connected() == 2 }); err != nil {
			t.Fatal(err)
		}
		in, err := srv.Slash(ctx, discordtest.Actor{}, "/carcassonne status")
		if err != nil {
			t.Fatal(err)
		}
		if recv(ctx, t, b.interactions, "first session").ID != in.ID || recv(ctx, t, b2.interactions, "second session").ID != in.ID {
			t.Fatal("interaction not sent to every session")
		}
	})

	t.Run("unknown routes", func(t *testing.T) {
		_, err := b.Request("GET", discordgo.EndpointAPI+"nope/123", nil)
		if st, code := restCode(t, err); st != 404 || code != 0 {
			t.Fatalf("unknown route: %d %d", st, code)
		}
		_, err = b.Request("DELETE", discordgo.EndpointGateway, nil)
		if st, _ := restCode(t, err); st != 405 {
			t.Fatalf("wrong method: %d", st)
		}
		var unknown []string
		for _, r := range srv.Requests() {
			if r.Route == "" {
				unknown = append(unknown, r.Method+" "+r.Path)
			}
			if r.Status == 0 {
				t.Errorf("request without status: %s %s", r.Method, r.Path)
			}
		}
		if want := []string{"GET /api/v9/nope/123", "DELETE /api/v9/gateway"}; fmt.Sprint(unknown) != fmt.Sprint(want) {
			t.Fatalf("unknown routes = %v, want %v", unknown, want)
		}
	})
}

func TestUnauthorized(t *testing.T) {
	srv := discordtest.New(t)
	res, err := http.Get(srv.URL() + "/api/v10/users/@me")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 401 || !strings.Contains(string(body), `"401: Unauthorized"`) {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	if rs := srv.Requests(); len(rs) != 1 || rs[0].Route != "GET /users/@me" || rs[0].Status != 401 {
		t.Fatalf("requests = %+v", rs)
	}
}

func TestSlashWaitsForRegistration(t *testing.T) {
	srv := discordtest.New(t)
	ctx := testCtx(t)
	b := newBot(t, srv)
	done := make(chan error, 1)
	go func() {
		_, err := srv.Slash(ctx, discordtest.Actor{}, "/carcassonne status")
		done <- err
	}()
	if _, err := b.ApplicationCommandBulkOverwrite(srv.AppID, "", commands); err != nil {
		t.Fatal(err)
	}
	if err := recv(ctx, t, done, "Slash result"); err != nil {
		t.Fatal(err)
	}
	if ic := recv(ctx, t, b.interactions, "interaction"); ic.ApplicationCommandData().Options[0].Name != "status" {
		t.Fatalf("got %+v", ic.ApplicationCommandData())
	}
	// Invalid input fails at once instead of waiting.
	for _, line := range []string{"/carcassonne new farms:none", "/carcassonne new", "/carcassonne new farms:per-farm players:9", "/carcassonne"} {
		if _, err := srv.Slash(ctx, discordtest.Actor{}, line); err == nil || ctx.Err() != nil {
			t.Fatalf("%s: err = %v, ctx = %v", line, err, ctx.Err())
		}
	}
}
