//! The engine's state machine: the game, the options, the transposition table and the
//! search running on its own thread. The reader thread calls [`Engine::handle`] for each
//! command and is never blocked by a search: `stop`, `isready`, `ponderhit` and `quit` are
//! answered at once; commands that change the position or options wait for a running search.
//! `go perft`, `bench` and the tunable options print and set through the same library calls
//! as the `ferrite perft`, `bench` and `epd --set` subcommands.

use super::command::{Command, GoParams, StartPosition, HELP};
use super::info::{bestmove_line, info_line, live_line};
use super::options::{announce, OptionEffect, Options};
use super::output::{printable, Output};
use crate::chess::perft::PerftReport;
use crate::chess::{Color, Move, Position, Square};
use crate::eval::nnue::{self, network::Network};
use crate::eval::wdl::material;
use crate::openings::book::read_book;
use crate::openings::genfens::genfens;
use crate::rules::{parse_uci_move, Game};
use crate::search::eval_scale::EvalScale;
use crate::search::limits::Limits;
use crate::search::rng::SplitMix64;
use crate::search::strength::{search_at, Strength};
use crate::search::tablebase_root::TablebaseUse;
use crate::search::tt::{HashAllocError, TranspositionTable};
use crate::search::{size_histories, Histories, SearchControl, SearchJob, SEARCH_STACK_BYTES};
use crate::tablebase::Tablebase;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

/// How much of a bad FEN or move an error quotes, in characters: enough to recognise it,
/// short enough that the reason after it survives [`super::output::MAX_ERROR_CHARS`].
const QUOTE_CHARS: usize = 100;

/// Seed of the first game's weakened choices; game `n` of a session uses `n` mixed into it,
/// so every session replays the same games and the games of one session differ.
const STRENGTH_SEED: u64 = 0x5EED_F3A1;

/// The generator of the weakened choices of the session's game `game`.
fn strength_rng(game: u64) -> SplitMix64 {
    SplitMix64::new(SplitMix64::new(STRENGTH_SEED ^ game.rotate_left(32)).next_u64())
}

/// Whether the engine should keep reading commands.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// `quit` (or end of input): leave the loop.
    Quit,
}

/// Holds `bestmove` back after `go infinite` / `go ponder` until `stop` or `ponderhit`.
#[derive(Default)]
struct Gate {
    closed: Mutex<bool>,
    opened: Condvar,
}

impl Gate {
    fn new(closed: bool) -> Gate {
        Gate {
            closed: Mutex::new(closed),
            opened: Condvar::new(),
        }
    }

    fn open(&self) {
        if let Ok(mut closed) = self.closed.lock() {
            *closed = false;
        }
        self.opened.notify_all();
    }

    fn is_closed(&self) -> bool {
        self.closed.lock().is_ok_and(|closed| *closed)
    }

    fn wait(&self) {
        let Ok(mut closed) = self.closed.lock() else {
            return;
        };
        while *closed {
            closed = match self.opened.wait(closed) {
                Ok(guard) => guard,
                Err(_) => return,
            };
        }
    }
}

struct RunningSearch {
    control: Arc<SearchControl>,
    gate: Arc<Gate>,
    handle: JoinHandle<()>,
}

/// The engine's name and version, as `uci` gives them (`id name`).
pub const NAME: &str = concat!("Ferrite ", env!("CARGO_PKG_VERSION"));
/// Its authors, as `uci` gives them (`id author`).
pub const AUTHOR: &str = "the Ferrite developers";

/// The UCI engine.
pub struct Engine {
    out: Arc<Output>,
    game: Game,
    options: Options,
    tt: Arc<TranspositionTable>,
    /// Move-ordering memory carried from one search of the game to the next.
    histories: Arc<Mutex<Histories>>,
    search: Option<RunningSearch>,
    debug: bool,
    /// The network the search evaluates with: `EvalFile`'s, or the embedded one.
    net: Arc<Network>,
    /// The file `net` came from (empty for the embedded network), for `EvalFile` to fall
    /// back to.
    net_path: String,
    /// The tables of `SyzygyPath`, shared with the search threads.
    tablebase: Option<Arc<Tablebase>>,
    /// Games started by `ucinewgame` in this session.
    games: u64,
    /// Seeds of the weakened searches of the current game (`UCI_LimitStrength`).
    strength_rng: SplitMix64,
}

impl Engine {
    /// A new engine writing to `out`.
    pub fn new(out: Arc<Output>) -> Engine {
        let options = Options::default();
        Engine {
            out,
            game: Game::startpos(),
            tt: Arc::new(TranspositionTable::new(options.hash_mb as usize)),
            histories: Arc::new(Mutex::new(Histories::new())),
            options,
            search: None,
            debug: false,
            net: nnue::embedded(),
            net_path: String::new(),
            tablebase: None,
            games: 0,
            strength_rng: strength_rng(0),
        }
    }

    /// Executes one command.
    pub fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Uci => {
                self.out.line(&format!("id name {}", NAME));
                self.out.line(&format!("id author {}", AUTHOR));
                self.out.lines(&announce());
                self.out.line("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::Help => self.out.lines(HELP),
            Command::IsReady => self.out.line("readyok"),
            Command::Register => self.out.line("info string no registration needed"),
            Command::SetOption { name, value } => {
                self.wait_for_search();
                self.set_option(&name, value.as_deref());
            }
            Command::UciNewGame => {
                self.wait_for_search();
                self.clear_hash();
                self.histories
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .iter_mut()
                    .for_each(|history| history.reset());
                self.game = Game::startpos();
                self.games += 1;
                self.strength_rng = strength_rng(self.games);
            }
            Command::Position { start, moves } => {
                self.wait_for_search();
                self.set_position(start, &moves);
            }
            Command::Go(params) => {
                self.wait_for_search();
                self.go(params);
            }
            Command::Stop => self.stop_search(),
            Command::PonderHit => {
                if let Some(running) = &self.search {
                    running.control.time.ponderhit();
                    running.gate.open();
                }
            }
            Command::Quit => {
                self.stop_search();
                return Flow::Quit;
            }
            Command::Display => {
                self.wait_for_search();
                self.out.lines(&self.describe());
            }
            Command::Eval => {
                self.wait_for_search();
                let pos = self.game.position();
                self.out.lines(&nnue::trace::trace(
                    &self.net,
                    pos,
                    EvalScale::of(pos).factor(),
                ));
            }
            Command::Bench(depth) => {
                self.wait_for_search();
                let depth = depth
                    .unwrap_or(crate::search::bench::DEFAULT_DEPTH)
                    .clamp(1, 64);
                let tablebase = self.tablebase_use();
                let result =
                    crate::search::bench::run(depth, &self.net, tablebase.as_ref(), &mut |_, _| {});
                self.out.line(&result.to_string());
            }
            Command::Flip => {
                self.wait_for_search();
                self.game = Game::new(self.game.position().mirrored());
            }
            Command::GenFens { count, seed, book } => {
                self.wait_for_search();
                self.genfens(count, seed, book.as_deref());
            }
        }
        Flow::Continue
    }

    /// Stops a running search and waits until it has printed its `bestmove`.
    pub fn stop_search(&mut self) {
        if let Some(running) = &self.search {
            running.control.stop.store(true, Ordering::Relaxed);
            running.gate.open();
        }
        self.wait_for_search();
    }

    /// Waits for a running search to finish by itself (it prints its own `bestmove`). An
    /// infinite or ponder search never would: it is stopped, as if `stop` had come first,
    /// so a GUI that skips `stop` gets its `bestmove` instead of a hung engine.
    pub fn wait_for_search(&mut self) {
        if let Some(running) = &self.search {
            if running.gate.is_closed() {
                log::warn!("command during an infinite or ponder search: stopping it first");
                running.control.stop.store(true, Ordering::Relaxed);
                running.gate.open();
            }
        }
        if let Some(running) = self.search.take() {
            if running.handle.join().is_err() {
                self.out.error("search thread failed");
            }
        }
    }

    /// One move-ordering memory for each search thread, taken now rather than on a `go`'s
    /// clock.
    fn size_histories(&mut self) {
        let mut histories = self
            .histories
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        size_histories(&mut histories, self.options.threads);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let hash_mb = self.options.hash_mb;
        match self.options.set(name, value) {
            Err(e) => self.out.error(&e.to_string()),
            Ok(outcome) => {
                if let Some(note) = outcome.note {
                    self.out.line(&format!("info string {note}"));
                }
                match outcome.effect {
                    OptionEffect::None => {}
                    OptionEffect::ClearHash => self.clear_hash(),
                    OptionEffect::ResizeHash => self.resize_hash(hash_mb),
                    OptionEffect::ReopenLog => {
                        if let Err(e) = self.out.set_transcript(&self.options.debug_log_file) {
                            self.out.error(&format!("cannot open debug log file: {e}"));
                        }
                    }
                    OptionEffect::LoadNetwork => self.load_network(),
                    OptionEffect::LoadTablebase => self.load_tablebase(),
                    OptionEffect::SizeHistories => self.size_histories(),
                }
            }
        }
    }

    /// Loads the network `EvalFile` names (the embedded one when the name is empty). A file
    /// that cannot be read or is no network is one error line, and the network in use stays.
    fn load_network(&mut self) {
        let path = self.options.eval_file.clone();
        let loaded = if path.is_empty() {
            Ok(nnue::embedded())
        } else {
            Network::load(Path::new(&path)).map(Arc::new)
        };
        match loaded {
            Ok(net) => {
                let what = if path.is_empty() {
                    "the embedded network".to_string()
                } else {
                    format!("the network {path}")
                };
                self.net = net;
                self.net_path = path;
                // Evaluations stored by the other network must not be read back.
                self.clear_hash();
                self.out
                    .line(&format!("info string evaluating with {what}"));
            }
            Err(e) => {
                let path = printable(&path, QUOTE_CHARS);
                self.out.error(&format!("EvalFile {path}: {e}"));
                self.options.eval_file = self.net_path.clone();
            }
        }
    }

    /// Opens the tables in the folders `SyzygyPath` names (or drops them when it is empty).
    /// Folders that cannot be read or hold no table are one error line, and the engine goes
    /// on without tables.
    fn load_tablebase(&mut self) {
        self.tablebase = None;
        let path = self.options.syzygy_path.clone();
        if path.is_empty() {
            return;
        }
        match Tablebase::open(&path) {
            Ok(tables) => {
                self.out.line(&format!(
                    "info string found {} WDL and {} DTZ tables, up to {} pieces",
                    tables.wdl_files(),
                    tables.dtz_files(),
                    tables.max_pieces()
                ));
                self.tablebase = Some(Arc::new(tables));
            }
            Err(e) => {
                let path = printable(&path, QUOTE_CHARS);
                self.out
                    .error(&format!("SyzygyPath {path}: {e}; playing without tables"));
                self.options.syzygy_path.clear();
            }
        }
    }

    /// The loaded tables with the options that govern probing them.
    fn tablebase_use(&self) -> Option<TablebaseUse> {
        self.tablebase.as_ref().map(|tables| TablebaseUse {
            tables: Arc::clone(tables),
            probe_depth: self.options.syzygy_probe_depth,
            fifty_move_rule: self.options.syzygy_50_move_rule,
            probe_limit: self.options.syzygy_probe_limit,
        })
    }

    fn clear_hash(&mut self) {
        let cleared = match Arc::get_mut(&mut self.tt) {
            Some(tt) => {
                tt.clear();
                Ok(())
            }
            None => self.new_table(),
        };
        if let Err(e) = cleared {
            self.out.error(&e.to_string());
        }
    }

    /// Gives the table the size of `Hash`. When the machine cannot provide it, the table in
    /// use stays, and `Hash` goes back to `previous_mb`, that table's size.
    fn resize_hash(&mut self, previous_mb: u64) {
        let resized = match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.resize(self.options.hash_mb as usize),
            None => self.new_table(),
        };
        if let Err(e) = resized {
            self.out
                .error(&format!("{e}; keeping the table of {previous_mb} MiB"));
            self.options.hash_mb = previous_mb;
        }
    }

    /// An empty table of `Hash`'s size in place of one a search thread still holds (which
    /// keeps it until it ends).
    fn new_table(&mut self) -> Result<(), HashAllocError> {
        self.tt = Arc::new(TranspositionTable::try_new(self.options.hash_mb as usize)?);
        Ok(())
    }

    fn set_position(&mut self, start: StartPosition, moves: &[String]) {
        let mut game = match start {
            StartPosition::Standard => Game::startpos(),
            StartPosition::Fen(fen) => match Game::from_fen(&fen) {
                Ok(game) => game,
                Err(e) => {
                    let fen = printable(&fen, QUOTE_CHARS);
                    self.out.error(&format!("invalid FEN '{fen}': {e}"));
                    return;
                }
            },
        };
        for (index, text) in moves.iter().enumerate() {
            if let Err(e) = game.play_uci(text, self.options.chess960) {
                let text = printable(text, QUOTE_CHARS);
                self.out
                    .error(&format!("illegal move {text} at ply {}: {e}", index + 1));
                break;
            }
        }
        self.game = game;
        if self.debug {
            let fen = self.game.position().to_fen();
            self.out.line(&format!("info string position {fen}"));
        }
    }

    fn go(&mut self, params: GoParams) {
        if let Some(depth) = params.perft {
            self.perft(depth);
            return;
        }
        let root = *self.game.position();
        let mut search_moves = Vec::new();
        for text in &params.search_moves {
            match parse_uci_move(&root, text, self.options.chess960) {
                Ok(mv) => search_moves.push(mv),
                Err(e) => {
                    let text = printable(text, QUOTE_CHARS);
                    self.out.error(&format!("searchmoves {text}: {e}"));
                }
            }
        }
        let mut limits = Limits {
            depth: params.depth,
            nodes: params.nodes,
            movetime: params.movetime,
            mate: params.mate,
            moves_to_go: params.moves_to_go,
            move_number: u32::from(root.fullmove_number()),
            infinite: params.infinite,
            ponder: params.ponder,
            search_moves,
            ..Limits::default()
        };
        limits.set_clock(
            root.side_to_move() == Color::White,
            [params.wtime, params.btime, params.winc, params.binc],
        );
        if limits.is_unbounded() {
            limits.infinite = true;
        }
        if let Some(mate) = limits.mate {
            // A mate in n moves needs at most 2n-1 plies.
            let mate_depth = i32::try_from(mate.saturating_mul(2)).unwrap_or(i32::MAX);
            limits.depth = Some(limits.depth.map_or(mate_depth, |d| d.min(mate_depth)));
        }
        let live_out = Arc::clone(&self.out);
        let (show_wdl, chess960) = (self.options.show_wdl, self.options.chess960);
        // On the root's scale, as every line of the search (see `search_and_answer`).
        let material = material(&root);
        let control = Arc::new(
            SearchControl::new(&limits, self.options.move_overhead_ms).with_live(move |live| {
                live_out.line(&live_line(live, material, show_wdl, chess960))
            }),
        );
        let gate = Arc::new(Gate::new(limits.infinite || limits.ponder));
        let strength = self.options.playing_elo().map(|elo| Strength {
            elo,
            seed: self.strength_rng.next_u64(),
            last_capture: self
                .game
                .moves()
                .last()
                .filter(|mv| mv.is_capture())
                .map(|mv| mv.to()),
        });
        let job = SearchJob {
            root,
            game_keys: self.game.keys().to_vec(),
            limits,
            multipv: self.options.multipv,
            threads: self.options.threads,
            net: self.net.clone(),
            tablebase: self.tablebase_use(),
        };
        let thread_control = Arc::clone(&control);
        let thread_gate = Arc::clone(&gate);
        let tt = Arc::clone(&self.tt);
        let histories = Arc::clone(&self.histories);
        let out = Arc::clone(&self.out);
        let spawned = std::thread::Builder::new()
            .name("search-main".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let mut histories = histories.lock().unwrap_or_else(PoisonError::into_inner);
                search_and_answer(
                    &job,
                    strength.as_ref(),
                    &tt,
                    &mut histories,
                    &thread_control,
                    &thread_gate,
                    &out,
                    show_wdl,
                    chess960,
                );
            });
        match spawned {
            Ok(handle) => {
                self.search = Some(RunningSearch {
                    control,
                    gate,
                    handle,
                })
            }
            Err(e) => {
                self.out.error(&format!("cannot start search thread: {e}"));
                let fallback = root.legal_moves().as_slice().first().copied();
                self.out.line(&bestmove_line(fallback, None, chess960));
            }
        }
    }

    /// `genfens`: one `info string genfens <FEN>` line per start position.
    fn genfens(&mut self, count: usize, seed: u64, book: Option<&str>) {
        let book = match book.map(|path| read_book(Path::new(path))) {
            None => Vec::new(),
            Some(Ok(book)) => book,
            Some(Err(e)) => {
                self.out.error(&format!("genfens: {e}"));
                return;
            }
        };
        let net = Arc::clone(&self.net);
        genfens(count, seed, &book, &net, &mut |pos| {
            self.out
                .line(&format!("info string genfens {}", pos.to_fen()));
        });
    }

    fn perft(&mut self, depth: u32) {
        let report = PerftReport::run(self.game.position(), depth, self.options.threads);
        self.out.lines(&report.lines(true, self.options.chess960));
    }

    /// The `d` output: board, then `Fen`, `Key`, `Checkers`, `Legal moves`, `Status`.
    fn describe(&self) -> String {
        let pos = self.game.position();
        let mut text = String::new();
        let border = " +---+---+---+---+---+---+---+---+";
        for rank in (0..8).rev() {
            let _ = writeln!(text, "{border}");
            text.push(' ');
            for file in 0..8 {
                let sq = Square::from_index(rank * 8 + file).unwrap_or(Square::A1);
                let c = pos.piece_at(sq).map_or(' ', |piece| piece.fen_char());
                let _ = write!(text, "| {c} ");
            }
            let _ = writeln!(text, "| {}", rank + 1);
        }
        let _ = writeln!(text, "{border}");
        let _ = writeln!(text, "   a   b   c   d   e   f   g   h");
        let _ = writeln!(text);
        let _ = writeln!(text, "Fen: {}", pos.to_fen());
        let _ = writeln!(text, "Key: {:016X}", pos.key());
        let checkers: Vec<String> = pos.checkers().iter().map(|sq| sq.to_string()).collect();
        let _ = writeln!(text, "Checkers: {}", checkers.join(" "));
        let legal: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|mv| mv.to_uci(self.options.chess960))
            .collect();
        let _ = writeln!(text, "Legal moves: {}", legal.join(" "));
        let _ = writeln!(text, "Status: {}", self.game.outcome());
        if let Some(tables) = &self.tablebase {
            let _ = writeln!(text, "Tablebase: {}", tablebase_verdict(tables, pos));
        }
        text
    }
}

/// What the tables say of `pos` for `d`: the result from the side to move, with its WDL and,
/// if the DTZ tables hold it, DTZ (which counts from the last capture or pawn move, so the
/// clock decides whether the fifty-move rule comes first).
fn tablebase_verdict(tables: &Tablebase, pos: &Position) -> String {
    let Some(wdl) = tables.probe_wdl(pos) else {
        return "not in the tables".to_string();
    };
    let result = match wdl.value() {
        2 => "win",
        1 => "win, but drawn by the fifty-move rule",
        0 => "draw",
        -1 => "loss, but drawn by the fifty-move rule",
        _ => "loss",
    };
    match tables.probe_dtz(pos) {
        Some(dtz) => format!("{result} (WDL {}, DTZ {dtz})", wdl.value()),
        None => format!("{result} (WDL {})", wdl.value()),
    }
}

/// The body of the search thread: search, hold `bestmove` while the gate is closed, print it.
#[allow(clippy::too_many_arguments)]
fn search_and_answer(
    job: &SearchJob,
    strength: Option<&Strength>,
    tt: &TranspositionTable,
    histories: &mut Histories,
    control: &SearchControl,
    gate: &Gate,
    out: &Output,
    show_wdl: bool,
    chess960: bool,
) {
    // Every line of one search is shown on the root's scale, as Stockfish normalises.
    let material = material(&job.root);
    let report =
        |report: &crate::search::Report| out.line(&info_line(report, material, show_wdl, chess960));
    let result = search_at(strength, job, tt, histories, control, &report);
    if result.best.is_none() {
        let score = if job.root.in_check() {
            "mate 0"
        } else {
            "cp 0"
        };
        out.line(&format!("info depth 0 score {score}"));
    }
    gate.wait();
    let ponder = result.ponder.or_else(|| {
        result
            .best
            .and_then(|best| ponder_from_tt(&job.root, best, tt))
    });
    out.line(&bestmove_line(result.best, ponder, chess960));
}

/// A reply to `best` from the table, when the PV was cut short.
fn ponder_from_tt(root: &Position, best: Move, tt: &TranspositionTable) -> Option<Move> {
    let child = root.play(best);
    tt.probe(child.key())
        .and_then(|entry| entry.mv)
        .filter(|&mv| child.is_legal(mv))
}
