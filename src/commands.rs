//! The subcommands' bodies, one function each: call the library, print what it returns, and
//! say how a run failed as a [`Failure`], whose exit code `main` returns.

use crate::args::{AnalyseArgs, DatagenArgs, EpdArgs, PerftArgs, TrainArgs};
use crate::progress::{print_error, DatagenProgress, ProgressBar};
use ferrite::analyse::{self, AnalyseError};
use ferrite::chess::perft::PerftReport;
use ferrite::chess::{Position, STARTPOS_FEN};
use ferrite::datagen::manifest;
use ferrite::datagen::pgn_export::pgn_games;
use ferrite::datagen::selfplay::{self, DatagenConfig, DatagenError};
use ferrite::epd::{self, SuiteConfig};
use ferrite::eval::nnue::{self, network::Network};
use ferrite::files;
use ferrite::search::{bench, params};
use ferrite::train::run::{train_files, TrainError, TrainFiles, TrainProgress};
use ferrite::train::trainer::TrainConfig;
use ferrite::train::wdl_fit;
use ferrite::uci::options;
use std::fmt::Display;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// How a subcommand failed, and so its exit code.
pub enum Failure {
    /// Bad input: a malformed argument, an unreadable or malformed file (exit code 2).
    BadInput(String),
    /// A failure while writing or running, such as threads that would not start (exit
    /// code 1).
    Failed(String),
    /// Bad input the run has reported already, line by line (exit code 2).
    Reported,
}

impl Failure {
    /// Prints the error (unless reported already) and gives the exit code.
    pub fn exit_code(self) -> ExitCode {
        let (code, message) = match self {
            Failure::BadInput(message) => (2, Some(message)),
            Failure::Failed(message) => (1, Some(message)),
            Failure::Reported => (2, None),
        };
        if let Some(message) = message {
            print_error(message);
        }
        ExitCode::from(code)
    }
}

/// The MiB of a `--hash`, checked as `setoption name Hash` is: a value out of range is
/// clamped with the same note, one that is no integer is bad input.
fn hash_mb(text: &str) -> Result<usize, Failure> {
    let (megabytes, note) = options::hash_mb(text).map_err(bad_input)?;
    note.iter().for_each(|note| eprintln!("note: {note}"));
    Ok(megabytes)
}

/// `error` as bad input.
fn bad_input(error: impl Display) -> Failure {
    Failure::BadInput(error.to_string())
}

// The errors that are not all bad input: a write or the threads can fail too.
impl From<DatagenError> for Failure {
    fn from(error: DatagenError) -> Failure {
        match error {
            DatagenError::Threads(_) | DatagenError::Write { .. } => {
                Failure::Failed(error.to_string())
            }
            _ => bad_input(error),
        }
    }
}

impl From<TrainError> for Failure {
    fn from(error: TrainError) -> Failure {
        match error {
            TrainError::Threads(_) | TrainError::Write { .. } => Failure::Failed(error.to_string()),
            _ => bad_input(error),
        }
    }
}

impl From<AnalyseError> for Failure {
    fn from(error: AnalyseError) -> Failure {
        match error {
            AnalyseError::Create { .. } | AnalyseError::Write { .. } => {
                Failure::Failed(error.to_string())
            }
            _ => bad_input(error),
        }
    }
}

/// `println!` that ignores a closed stdout (`ferrite perft 5 | head -1`) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{ let _ = writeln!(std::io::stdout().lock(), $($arg)*); }};
}

/// `ferrite perft`.
pub fn perft(a: &PerftArgs) -> Result<(), Failure> {
    let fen = a.fen.as_deref().unwrap_or(STARTPOS_FEN);
    let pos = Position::from_fen(fen).map_err(|e| bad_input(format_args!("invalid FEN: {e}")))?;
    let report = PerftReport::run(&pos, a.depth, a.threads);
    // Unlike `go perft 0`, no empty divide section at depth 0.
    say!("{}", report.lines(a.divide && a.depth > 0, false));
    say!("{}", report.speed_line());
    Ok(())
}

/// `ferrite bench`: each position's nodes on stderr, the total on stdout.
pub fn bench(depth: i32, eval_file: Option<&Path>) -> Result<(), Failure> {
    let net = load_network(eval_file)?;
    let result = bench::run(depth, &net, None, &mut |fen, nodes| {
        eprintln!("{nodes:>12} {fen}")
    });
    say!("{result}");
    Ok(())
}

/// `ferrite spsa`.
pub fn spsa() -> Result<(), Failure> {
    params::TUNABLES
        .iter()
        .for_each(|t| say!("{}", t.spsa_line()));
    Ok(())
}

/// `ferrite epd`: each failure on stdout, each position's verdict on stderr.
pub fn epd(a: EpdArgs) -> Result<(), Failure> {
    for (name, value) in &a.set {
        let clamped = params::set_tunable(name, value).map_err(bad_input)?;
        clamped.iter().for_each(|note| eprintln!("note: {note}"));
    }
    let config = SuiteConfig {
        movetime_ms: a.movetime,
        threads: a.threads,
        hash_mb: hash_mb(&a.hash)?,
        filter: a.filter,
    };
    let summary = epd::run_suite(&a.file, &config, &mut |outcome, so_far| {
        if !outcome.solved {
            say!("failed {}: {}", outcome.id, outcome.answer);
        }
        let verdict = if outcome.solved { "ok" } else { "FAIL" };
        let (done, total, id) = (so_far.run, so_far.total, &outcome.id);
        eprintln!("[{done}/{total}] {id} {verdict} ({} solved)", so_far.solved);
    });
    say!("{}", summary.map_err(bad_input)?);
    Ok(())
}

/// `ferrite datagen`.
pub fn datagen(a: &DatagenArgs) -> Result<(), Failure> {
    let net = load_network(a.eval_file.as_deref())?;
    let config = DatagenConfig {
        net,
        games: a.games,
        soft_nodes: a.soft_nodes,
        hard_nodes: a.hard_nodes,
        threads: a.threads,
        seed: a.seed,
        random_plies: a.random_plies,
        chess960_one_in: a.chess960_one_in,
        dfrc_one_in: a.dfrc_one_in,
        hash_mb: hash_mb(&a.hash)?,
    };
    let progress = DatagenProgress::new(a.games);
    let book = a.openings.as_deref();
    let summary = selfplay::run(&config, book, &a.out, &|done| progress.show(done))?;
    if summary.resumed_from > 0 {
        eprintln!("datagen: resumed after {} games", summary.resumed_from);
    }
    let (out, seconds) = (a.out.display(), progress.seconds());
    say!("datagen: {summary} written to {out} in {seconds:.1} s");
    Ok(())
}

/// `ferrite fit-wdl`.
pub fn fit_wdl(data: &[PathBuf], held_out_every: usize) -> Result<(), Failure> {
    let problem =
        &mut |problem: manifest::DataProblem| eprintln!("{}: {problem}", problem.severity());
    match wdl_fit::fit_files(data, held_out_every, problem) {
        Ok(Some(fit)) => say!("{fit}"),
        Ok(None) => return Err(bad_input("the data holds no position to fit")),
        Err(e) => return Err(bad_input(e)),
    }
    Ok(())
}

/// `ferrite data manifest`.
pub fn data_manifest(dir: &Path) -> Result<(), Failure> {
    let rows = manifest::write_manifest(dir).map_err(bad_input)?;
    let totals = DataTotals::of(rows.iter().map(|r| (r.games, r.positions, r.bytes)));
    say!(
        "data: {} written: {totals}",
        dir.join(manifest::MANIFEST).display()
    );
    Ok(())
}

/// `ferrite data check`: each problem on stderr, then the totals; any problem is bad input.
pub fn data_check(dir: &Path) -> Result<(), Failure> {
    let mut problems = 0;
    let files = manifest::read_data_dir(dir, &mut |problem| {
        problems += 1;
        print_error(problem);
    })
    .map_err(bad_input)?;
    let totals = DataTotals::of(files.iter().map(|file| {
        let positions = file.games.iter().map(|g| g.plies.len()).sum();
        let bytes = std::fs::metadata(&file.path).map_or(0, |m| m.len() as usize);
        (file.games.len(), positions, bytes)
    }));
    say!(
        "data: {} files checked, {problems} problems: {totals}",
        files.len()
    );
    if problems > 0 {
        return Err(Failure::Reported);
    }
    Ok(())
}

/// `ferrite data pgn`: the games on stdout as they are read; damage is bad input, after the
/// games before it.
pub fn data_pgn(file: &Path, games: Option<usize>) -> Result<(), Failure> {
    let bytes = files::read(file).map_err(bad_input)?;
    let mut stdout = std::io::stdout().lock();
    for game in pgn_games(&bytes).take(games.unwrap_or(usize::MAX)) {
        let text = game.map_err(|e| bad_input(format_args!("{}: {e}", file.display())))?;
        // A closed stdout (`| head`) ends the run as a finished one.
        if stdout.write_all(text.as_bytes()).is_err() {
            return Ok(());
        }
    }
    Ok(())
}

/// `ferrite train`.
pub fn train(a: TrainArgs) -> Result<(), Failure> {
    let files = TrainFiles {
        data: a.data,
        held_out_every: a.held_out_every,
        warm_start: a.warm_start,
        scale_as: a.scale_as,
        checkpoint: a.checkpoint,
        net: a.net,
        name: a.name,
    };
    let config = TrainConfig {
        epochs: a.epochs,
        batch_size: a.batch_size,
        lr: a.lr,
        wdl: a.wdl,
        weight_decay: a.weight_decay,
        seed: a.seed,
    };
    let progress = &mut |event: &TrainProgress| eprintln!("train: {event}");
    train_files(&files, &config, a.threads, progress)?;
    say!(
        "train: wrote {} and {}",
        files.net.display(),
        files.checkpoint.display()
    );
    Ok(())
}

/// `ferrite analyse`: a skipped game makes it bad input.
pub fn analyse(a: &AnalyseArgs) -> Result<(), Failure> {
    let mut bar = ProgressBar::new();
    let config = a.config(hash_mb(&a.hash)?);
    let summary = analyse::analyse_file(&a.file, &config, &mut |e| bar.show(e));
    bar.clear();
    let summary = summary?;
    eprintln!("analyse: {summary}");
    if summary.skipped > 0 {
        return Err(Failure::Reported);
    }
    Ok(())
}

/// The network in `path` (without a path: the embedded one).
fn load_network(path: Option<&Path>) -> Result<Arc<Network>, Failure> {
    match path {
        None => Ok(nnue::embedded()),
        Some(path) => Network::load(path)
            .map(Arc::new)
            .map_err(|e| bad_input(format_args!("{}: {e}", path.display()))),
    }
}

/// Counts over a data folder's files.
struct DataTotals {
    games: usize,
    positions: usize,
    bytes: usize,
}

impl DataTotals {
    /// The sums of `(games, positions, bytes)` per file.
    fn of(files: impl Iterator<Item = (usize, usize, usize)>) -> DataTotals {
        files.fold(
            DataTotals {
                games: 0,
                positions: 0,
                bytes: 0,
            },
            |t, (games, positions, bytes)| DataTotals {
                games: t.games + games,
                positions: t.positions + positions,
                bytes: t.bytes + bytes,
            },
        )
    }
}

impl Display for DataTotals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let per_position = self.bytes as f64 / self.positions.max(1) as f64;
        write!(
            f,
            "{} games, {} positions, {} bytes ({per_position:.2} bytes a position)",
            self.games, self.positions, self.bytes
        )
    }
}
