package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

// runBot is `dealer run`: the Discord bot, until SIGINT or SIGTERM.
func runBot(reg *render.Registry, args []string, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("dealer run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "config file (default config.yaml if present)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	path, explicit := *cfgPath, *cfgPath != ""
	if !explicit {
		path = defaultConfigPath
	}
	cfg, err := loadConfig(path, explicit, getenv)
	if err != nil {
		fmt.Fprintln(stderr, "dealer run:", err)
		return 2
	}
	if cfg.Discord.Token == "" {
		fmt.Fprintln(stderr, `dealer run: no Discord bot token. Set DISCORD_TOKEN in the environment, or put it in config.yaml under discord.token (see config.example.yaml and the README: "Running the bot").`)
		return 2
	}
	level, _ := parseLevel(cfg.LogLevel)
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, reg, cfg, log, nil); err != nil {
		log.Error("the dealer stopped", "err", err)
		return 1
	}
	return 0
}

// serve runs the bot until ctx ends. attach, when set, points the Discord
// session elsewhere (tests attach it to the fake Discord).
func serve(ctx context.Context, reg *render.Registry, cfg Config, log *slog.Logger, attach func(*discordgo.Session)) error {
	st, err := store.Open(cfg.Database)
	if err != nil {
		return err
	}
	defer st.Close()
	r, err := render.New()
	if err != nil {
		return err
	}
	s, err := discordgo.New("Bot " + cfg.Discord.Token)
	if err != nil {
		return err
	}
	if attach != nil {
		attach(s)
	}
	b, err := bot.New(ctx, bot.Options{Session: s, Store: st, Games: reg, Renderer: r, GuildID: cfg.Discord.TestGuildID, Logger: log, TurnTimeout: cfg.TurnTimeout})
	if err != nil {
		return err
	}
	openCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := b.Open(openCtx); err != nil {
		return err
	}
	log.Info("the dealer is at the table", "database", cfg.Database, "tables", b.Tables())
	<-ctx.Done()
	log.Info("shutting down")
	return b.Close()
}
