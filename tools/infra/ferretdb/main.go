// Command abide-ferretdb runs FerretDB v1 (MongoDB wire protocol) with the SQLite backend
// for local development. It is provisioned and started by tools/infra (node tools/infra/cli.mjs up).
package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dataDir := flag.String("data-dir", "", "directory for the SQLite databases (created if missing)")
	// SQLite's default in WAL mode (FULL) syncs the disk on every commit; NORMAL syncs at checkpoints. A killed
	// process loses nothing either way (the WAL is written before the commit returns); only a power cut could lose the
	// last commits, which a local engine can accept for several times the write throughput.
	synchronous := flag.String("sqlite-synchronous", "full", "SQLite synchronous pragma: full, normal or off")
	flag.Parse()

	if *dataDir == "" {
		fmt.Fprintln(os.Stderr, "abide-ferretdb: -data-dir is required")
		os.Exit(2)
	}
	dir, err := filepath.Abs(*dataDir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "abide-ferretdb:", err)
		os.Exit(1)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "abide-ferretdb:", err)
		os.Exit(1)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Handler:   "sqlite",
		SQLiteURL: "file:" + dir + "/?_pragma=synchronous(" + url.QueryEscape(*synchronous) + ")",
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "abide-ferretdb:", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	fmt.Printf("abide-ferretdb: listening on %s, data in %s\n", *listen, dir)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		fmt.Fprintln(os.Stderr, "abide-ferretdb:", err)
		os.Exit(1)
	}
	fmt.Println("abide-ferretdb: stopped")
}
