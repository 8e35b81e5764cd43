package discordtest

import (
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// errMissingPermissions is Discord's answer when the bot may see a channel
// but lacks a permission the request needs.
var errMissingPermissions = errf(403, 50013, "Missing Permissions")

// Deny takes permissions away from the bot in a channel or thread, as a
// permission overwrite denying them to the bot's role would; a denial on a
// channel also holds in its threads. perms is a bit set of discordgo's
// Permission* constants. While denied, the server refuses the bot's
// requests as Discord does:
//
//   - View Channel: every request on the channel or its threads answers 403
//     Missing Access (50001);
//   - Send Messages (in a channel) or Send Messages in Threads (in a
//     thread): POST /channels/{channel}/messages answers 403 Missing
//     Permissions (50013);
//   - Attach Files: the same POST with files answers 403 (50013);
//   - Create Public Threads (Create Private Threads for a private one):
//     starting a thread from a message or in the channel answers 403
//     (50013);
//   - Manage Channels (a channel) or Manage Threads (a thread): PATCH
//     /channels/{channel} answers 403 (50013). Discord lets a thread's
//     creator rename and archive it without Manage Threads; this server
//     does not, so that a test can see such an edit refused.
//
// Interaction callbacks and webhook followups are not subject to channel
// permissions, as in Discord. The denial shows in what the bot can read: an
// interaction's app_permissions in that channel lack the bits, and the
// channel's permission_overwrites (GET /channels/{id}, GET
// /guilds/{guild}/channels, GUILD_CREATE) hold a role overwrite denying
// them to the bot's role. Unknown channel ids are accepted and take effect
// if such a channel is created later.
func (s *Server) Deny(channelID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.denied[channelID] |= perms
	s.permsChanged(channelID)
}

// Allow gives back permissions taken by Deny on the same channel or thread.
func (s *Server) Allow(channelID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.denied[channelID] &^= perms
	if s.denied[channelID] == 0 {
		delete(s.denied, channelID)
	}
	s.permsChanged(channelID)
}

// permsChanged tells the gateway sessions about a channel whose overwrites
// changed. Callers hold s.mu.
func (s *Server) permsChanged(channelID string) {
	if ch := s.channels[channelID]; ch != nil && !ch.deleted && !ch.isThread() {
		s.dispatch("CHANNEL_UPDATE", intentGuilds, ch.guildID, s.channelJSON(ch))
	}
	s.notify()
}

// deniedIn returns the permissions the bot lacks in a channel: its own
// denial and, for a thread, its parent's. Callers hold s.mu.
func (s *Server) deniedIn(ch *channel) int64 {
	d := s.denied[ch.id]
	if ch.isThread() {
		d |= s.denied[ch.parentID]
	}
	return d
}

// need answers Missing Permissions if the bot lacks any of perms in ch.
// Callers hold s.mu.
func (s *Server) need(ch *channel, perms int64) *apiError {
	if s.deniedIn(ch)&perms != 0 {
		return errMissingPermissions
	}
	return nil
}

// appPermissions is the bot's permission set in a channel, as an
// interaction's app_permissions. Callers hold s.mu.
func (s *Server) appPermissions(ch *channel) string {
	all, _ := strconv.ParseInt(BotPermissions, 10, 64)
	return strconv.FormatInt(all&^s.deniedIn(ch), 10)
}

// overwritesJSON is a channel's permission_overwrites. Callers hold s.mu.
func (s *Server) overwritesJSON(ch *channel) []any {
	out := []any{}
	if d := s.denied[ch.id]; d != 0 {
		out = append(out, map[string]any{"id": s.guild(ch.guildID).botRoleID, "type": 0, "allow": "0", "deny": strconv.FormatInt(d, 10)})
	}
	return out
}

// sendPermission is the permission that sending a message needs in ch.
func sendPermission(ch *channel) int64 {
	if ch.isThread() {
		return discordgo.PermissionSendMessagesInThreads
	}
	return discordgo.PermissionSendMessages
}
