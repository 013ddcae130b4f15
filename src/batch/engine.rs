//! The bulk pipeline: read and split inputs, work on games in parallel, hand results back in order.

use super::input::{open_input, Compression, Input, InputError};
use super::split::{Batch, GameSpan, GameSplitter};
use crate::encoding::Encoding;
use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::{mpsc, Arc};

/// One game as the pipeline hands it to the worker: its bytes and where they came from.
#[derive(Clone, Copy, Debug)]
pub struct GameRef<'a> {
    /// Index of the input in the list given to [`run`].
    pub input: usize,
    /// 0-based number of the game within its input.
    pub index: u64,
    /// 1-based line of the game's first byte.
    pub line: u64,
    /// Byte offset of the game's first byte in the decompressed input.
    pub byte_offset: u64,
    /// The game's bytes, exactly as read (decompressed, not decoded).
    pub bytes: &'a [u8],
    /// True if the game was cut at [`super::MAX_GAME_BYTES`].
    pub oversized: bool,
    /// True if reading the input failed inside this game ([`GameSpan::broken_off`]): its
    /// bytes may not be the whole game.
    pub broken_off: bool,
}

impl GameRef<'_> {
    /// Where the game's bytes end in its input: the line and column just after its last byte
    /// (where the input failed, for a game [`GameRef::broken_off`]).
    ///
    /// ```
    /// use scoresheet::batch::GameRef;
    /// let g = GameRef {
    ///     input: 0,
    ///     index: 0,
    ///     line: 10,
    ///     byte_offset: 100,
    ///     bytes: b"[Event \"x\"]\n\n1. e4 e5 2.",
    ///     oversized: false,
    ///     broken_off: true,
    /// };
    /// assert_eq!(g.end(), (12, 12, 124));
    /// ```
    pub fn end(&self) -> (u64, u64, u64) {
        let newlines = memchr::memchr_iter(b'\n', self.bytes).count() as u64;
        let last_line = memchr::memrchr(b'\n', self.bytes).map_or(0, |i| i + 1);
        let column = (self.bytes.len() - last_line) as u64 + 1;
        (
            self.line + newlines,
            column,
            self.byte_offset + self.bytes.len() as u64,
        )
    }
}

/// What is said of a game that reading its input broke off inside.
pub(crate) const BROKEN_OFF: &str =
    "the input failed inside this game: only the bytes read before the failure are here, and the game may be incomplete";

/// Receives, on the calling thread and in input order, everything the pipeline produces.
pub trait Sink<T> {
    /// An input was opened.
    fn input_started(&mut self, _input: usize, _name: &Input, _compression: Compression) {}
    /// An input was transcoded to UTF-8 from `encoding` (UTF-16) when opened: its games' bytes
    /// are UTF-8, but the input is in `encoding`.
    fn input_transcoded(&mut self, _input: usize, _encoding: Encoding) {}
    /// The result of the worker for one game. Games arrive in input order.
    fn game(&mut self, game: &GameRef<'_>, result: T);
    /// An input could not be opened, or reading it failed part-way (the games read before the
    /// failure have been delivered).
    fn input_failed(&mut self, input: usize, name: &Input, error: InputError);
    /// An input was read to its end.
    fn input_finished(&mut self, _input: usize, _name: &Input) {}
    /// True once the sink wants nothing more (its output failed, or was closed by the reader
    /// of a pipe): the pipeline then stops reading and delivers no more games.
    fn stopped(&self) -> bool {
        false
    }
}

/// How the pipeline runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Bytes of games handed to the workers at a time (256 KiB by default; up to four batches
    /// are worked on at once, so that no thread waits for the slowest game of a batch: on
    /// lichess-players two threads ran 0.37 s at their best with 256 KiB batches and peaked at
    /// 13 MiB, against 0.38 s with 128 KiB, 0.41 s with 64 KiB and 0.45 s with 32 KiB).
    pub batch_bytes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 0,
            batch_bytes: 1 << 18,
        }
    }
}

enum Message {
    Started(usize, Compression, Option<Encoding>),
    Batch(usize, Batch),
    Failed(usize, InputError),
    Finished(usize),
}

/// Runs `work` on every game of every input, in parallel, and delivers the results to `sink`
/// in input order. Memory stays bounded: at most a few batches are in flight, however slow
/// one game is, and their buffers are read into again once delivered.
///
/// With one thread everything runs on the calling thread; with more, one extra thread reads
/// and decompresses ahead while the workers check up to four batches at once (the calling
/// thread hands them out and delivers the results in order; at most eight batches wait for
/// their turn).
///
/// ```
/// use scoresheet::batch::{run, GameRef, Input, InputError, Options, Sink};
/// struct Count(usize);
/// impl Sink<usize> for Count {
///     fn game(&mut self, _: &GameRef<'_>, moves: usize) { self.0 += moves; }
///     fn input_failed(&mut self, _: usize, name: &Input, e: InputError) { panic!("{name}: {e}") }
/// }
/// let dir = std::env::temp_dir().join(format!("scoresheet-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("two.pgn");
/// std::fs::write(&path, "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n").unwrap();
/// let mut sink = Count(0);
/// let options = Options { threads: 2, ..Options::default() };
/// run(&[Input::Path(path)], &options, |g: &GameRef<'_>| g.bytes.split(|&b| b == b' ').count(), &mut sink);
/// assert_eq!(sink.0, 4 + 5);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn run<T, W, S>(inputs: &[Input], options: &Options, work: W, sink: &mut S)
where
    T: Send,
    W: Fn(&GameRef<'_>) -> T + Sync,
    S: Sink<T>,
{
    let threads = if options.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        options.threads
    };
    let batch_bytes = options.batch_bytes.max(1);
    // The buffers of delivered batches go back to the reader, which reads the next ones into them.
    let (back_tx, back_rx) = mpsc::channel::<Vec<u8>>();
    if threads == 1 {
        for (i, input) in inputs.iter().enumerate() {
            if sink.stopped() {
                break;
            }
            read_input(i, input, batch_bytes, &back_rx, |message| {
                deliver(message, inputs, &work, sink, &back_tx);
                !sink.stopped()
            });
        }
        return;
    }
    // Without a pool of our own (the system refused threads) the calling thread does the work.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::sync_channel::<Message>(2);
        scope.spawn(move || {
            for (i, input) in inputs.iter().enumerate() {
                let mut open = true;
                read_input(i, input, batch_bytes, &back_rx, |message| {
                    open = tx.send(message).is_ok();
                    open
                });
                if !open {
                    break;
                }
            }
        });
        match &pool {
            Some(pool) => deliver_pipelined(&rx, inputs, &work, sink, pool, &back_tx),
            None => {
                for message in rx {
                    deliver(message, inputs, &work, sink, &back_tx);
                }
            }
        }
    });
}

/// How many batches the workers may have at once with `threads` workers: one each, and two
/// more, so that a worker that finishes one finds the next waiting instead of waiting for the
/// calling thread to hand it out. Each batch is worked through by one worker, game after game:
/// split among all of them (rayon's `par_iter`), two threads on lichess-players kept 1.84–1.90
/// cores busy and took 0.376–0.380 s (three runs of `perf stat -r 5`), one worker a batch kept
/// 1.96–1.98 busy and took 0.355–0.370 s, the same CPU time (otb-classics: 0.133–0.136 and
/// 0.130–0.134 s). With one batch at a time (split among the workers) two threads took
/// 0.48–0.55 s; with four, 0.46–0.48 s, before the replay itself got faster.
fn in_flight(threads: usize) -> usize {
    threads.max(1) + 2
}

/// How many batches may wait for their turn at once: those the workers have and those done
/// while an earlier one is not (twice [`in_flight`]). Without this bound a slow game held up
/// delivery while the reader read on: two threads peaked at 26 MiB on otb-classics (an 11 MiB
/// file, 43 batches of 45 read ahead) and at 20 MiB on lichess-players; with at most eight,
/// 13 MiB on both, as fast (best of 7: 0.13 s and 0.39 s either way).
fn max_queued(threads: usize) -> usize {
    2 * in_flight(threads)
}

/// Where a message waits for its turn to be delivered.
enum Slot<T> {
    /// Anything but a batch: ready at once.
    Ready(Message),
    /// A batch the workers have.
    Working(usize, Arc<Batch>),
    /// A batch and its results.
    Done(usize, Arc<Batch>, Vec<T>),
}

/// Delivers the reader's messages in order while up to [`in_flight`] batches are worked on
/// in `pool`; the calling thread only hands out batches and delivers results.
fn deliver_pipelined<T, W, S>(
    rx: &mpsc::Receiver<Message>,
    inputs: &[Input],
    work: &W,
    sink: &mut S,
    pool: &rayon::ThreadPool,
    back: &mpsc::Sender<Vec<u8>>,
) where
    T: Send,
    W: Fn(&GameRef<'_>) -> T + Sync,
    S: Sink<T>,
{
    let threads = pool.current_num_threads();
    pool.in_place_scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<(u64, std::thread::Result<Vec<T>>)>();
        let mut queue: VecDeque<(u64, Slot<T>)> = VecDeque::new();
        let mut next_id = 0u64;
        let mut working = 0usize;
        let mut reading = true;
        loop {
            if sink.stopped() {
                // Nothing more is delivered; the batches being worked on are waited for.
                reading = false;
                queue.clear();
            }
            while !sink.stopped()
                && queue
                    .front()
                    .is_some_and(|(_, slot)| !matches!(slot, Slot::Working(..)))
            {
                match queue.pop_front() {
                    Some((_, Slot::Ready(message))) => deliver(message, inputs, work, sink, back),
                    Some((_, Slot::Done(i, batch, results))) => {
                        for (g, r) in batch.games.iter().zip(results) {
                            sink.game(&game_ref(i, &batch, g), r);
                        }
                        // The worker let go of the batch before sending its results. The
                        // reader may have finished: then the buffer is simply freed.
                        if let Ok(batch) = Arc::try_unwrap(batch) {
                            let _ = back.send(batch.data);
                        }
                    }
                    Some((_, Slot::Working(..))) | None => {}
                }
            }
            let id = next_id;
            if reading && working < in_flight(threads) && queue.len() < max_queued(threads) {
                match rx.recv() {
                    Ok(Message::Batch(i, batch)) => {
                        let batch = Arc::new(batch);
                        let shared = Arc::clone(&batch);
                        let done = done_tx.clone();
                        scope.spawn(move |_| {
                            // A panic is sent back too, to be raised again on the calling
                            // thread: waiting for results that never come would hang.
                            let results = std::panic::catch_unwind(AssertUnwindSafe(|| {
                                shared
                                    .games
                                    .iter()
                                    .map(|g| work(&game_ref(i, &shared, g)))
                                    .collect()
                            }));
                            // Let go of the batch first, so that the calling thread can give
                            // its buffer back to the reader.
                            drop(shared);
                            // The receiver outlives the scope: the send cannot fail.
                            let _ = done.send((id, results));
                        });
                        queue.push_back((id, Slot::Working(i, batch)));
                        working += 1;
                    }
                    Ok(message) => queue.push_back((id, Slot::Ready(message))),
                    Err(_) => reading = false,
                }
                next_id += 1;
                continue;
            }
            if working == 0 {
                // Nothing read is left undelivered: the queue was emptied above.
                break;
            }
            let Ok((done, results)) = done_rx.recv() else {
                break;
            };
            let results = results.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            working -= 1;
            if let Some(slot) = queue.iter_mut().find(|(id, _)| *id == done) {
                if let Slot::Working(i, batch) = &slot.1 {
                    slot.1 = Slot::Done(*i, Arc::clone(batch), results);
                }
            }
        }
    });
}

/// Game `g` of `batch`, from input `i`, as the workers and the sink see it.
fn game_ref<'b>(i: usize, batch: &'b Batch, g: &GameSpan) -> GameRef<'b> {
    GameRef {
        input: i,
        index: g.index,
        line: g.line,
        byte_offset: g.byte_offset,
        bytes: batch.bytes(g),
        oversized: g.oversized,
        broken_off: g.broken_off,
    }
}

/// Reads one input batch by batch, passing each message to `send` until it returns false;
/// reads into the buffers that come back on `back` where it can.
fn read_input(
    i: usize,
    input: &Input,
    batch_bytes: usize,
    back: &mpsc::Receiver<Vec<u8>>,
    mut send: impl FnMut(Message) -> bool,
) {
    let opened = match open_input(input) {
        Ok(o) => o,
        Err(e) => {
            send(Message::Failed(i, e));
            return;
        }
    };
    if !send(Message::Started(i, opened.compression, opened.transcoded)) {
        return;
    }
    let mut splitter = GameSplitter::new(opened.reader);
    loop {
        while let Ok(data) = back.try_recv() {
            splitter.give_back(data);
        }
        match splitter.next_batch(batch_bytes) {
            Ok(Some(batch)) => {
                if !send(Message::Batch(i, batch)) {
                    return;
                }
            }
            Ok(None) => {
                send(Message::Finished(i));
                return;
            }
            Err(source) => {
                send(Message::Failed(
                    i,
                    InputError::Io {
                        path: input.display_name(),
                        source,
                    },
                ));
                return;
            }
        }
    }
}

/// Delivers one message, working on a batch's games on the calling thread, and gives the
/// batch's buffer `back` to the reader.
fn deliver<T, W, S>(
    message: Message,
    inputs: &[Input],
    work: &W,
    sink: &mut S,
    back: &mpsc::Sender<Vec<u8>>,
) where
    W: Fn(&GameRef<'_>) -> T,
    S: Sink<T>,
{
    match message {
        Message::Started(i, c, transcoded) => {
            sink.input_started(i, &inputs[i], c);
            if let Some(e) = transcoded {
                sink.input_transcoded(i, e);
            }
        }
        Message::Failed(i, e) => sink.input_failed(i, &inputs[i], e),
        Message::Finished(i) => sink.input_finished(i, &inputs[i]),
        Message::Batch(i, batch) => {
            for g in &batch.games {
                let g = game_ref(i, &batch, g);
                let r = work(&g);
                sink.game(&g, r);
            }
            let _ = back.send(batch.data);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Record {
        games: Vec<(usize, u64, u64, usize)>,
        failed: Vec<String>,
        finished: Vec<usize>,
    }

    impl Sink<usize> for Record {
        fn game(&mut self, g: &GameRef<'_>, len: usize) {
            self.games.push((g.input, g.index, g.line, len));
        }
        fn input_failed(&mut self, _: usize, name: &Input, e: InputError) {
            self.failed.push(format!("{name}: {e}"));
        }
        fn input_finished(&mut self, input: usize, _: &Input) {
            self.finished.push(input);
        }
    }

    #[test]
    #[should_panic(expected = "game 7")]
    fn a_panicking_worker_is_a_panic_of_the_caller_not_a_hang() {
        let (_dir, inputs) = twice_around_a_missing_file("panic", &one_move_games(40, "c4"));
        let work = |g: &GameRef<'_>| {
            assert!(g.index != 7, "game 7");
            g.index
        };
        let options = Options {
            threads: 2,
            batch_bytes: 90,
        };
        run(&inputs, &options, work, &mut Log::default());
    }

    #[test]
    fn a_slow_game_does_not_let_the_reader_read_the_whole_input_ahead() {
        // One game per batch; game 0 takes long. Meanwhile the other worker checks the games of
        // the batches allowed to wait behind it, and no more (not the whole input).
        let (dir, mut inputs) = twice_around_a_missing_file("slow", &one_move_games(200, "e4"));
        inputs.truncate(1);
        let checked = std::sync::atomic::AtomicUsize::new(0);
        let checked_meanwhile = std::sync::atomic::AtomicUsize::new(usize::MAX);
        let work = |g: &GameRef<'_>| {
            use std::sync::atomic::Ordering::SeqCst;
            if g.index == 0 {
                std::thread::sleep(std::time::Duration::from_millis(300));
                checked_meanwhile.store(checked.load(SeqCst), SeqCst);
            } else {
                checked.fetch_add(1, SeqCst);
            }
            g.index
        };
        let options = Options {
            threads: 2,
            batch_bytes: 1,
        };
        let mut log = Log::default();
        run(&inputs, &options, work, &mut log);
        let games = log.0.iter().filter(|l| l.starts_with("game ")).count();
        assert_eq!(games, 200);
        let meanwhile = checked_meanwhile.into_inner();
        assert!(
            meanwhile < max_queued(2),
            "{meanwhile} games checked behind game 0"
        );
        // The other worker was not idle meanwhile: it checked the batches after game 0's.
        assert!(meanwhile >= 1, "nothing checked while game 0 was");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `text` written to `a.pgn` in a new directory named after `test`, as three inputs: that
    /// file, a missing one, that file again; and the directory.
    fn twice_around_a_missing_file(test: &str, text: &str) -> (std::path::PathBuf, Vec<Input>) {
        let dir = std::env::temp_dir().join(format!("scoresheet-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = dir.join("a.pgn");
        std::fs::write(&a, text).unwrap();
        let inputs = vec![
            Input::Path(a.clone()),
            Input::Path(dir.join("missing.pgn")),
            Input::Path(a),
        ];
        (dir, inputs)
    }

    /// `n` games of one move each.
    fn one_move_games(n: usize, san: &str) -> String {
        (0..n)
            .map(|i| format!("[Event \"{i}\"]\n\n1. {san} *\n\n"))
            .collect()
    }

    /// Everything a sink is told, in the order it is told.
    #[derive(Default)]
    struct Log(Vec<String>);

    impl Sink<u64> for Log {
        fn input_started(&mut self, input: usize, _: &Input, _: Compression) {
            self.0.push(format!("start {input}"));
        }
        fn game(&mut self, g: &GameRef<'_>, index: u64) {
            self.0.push(format!("game {} {} {index}", g.input, g.index));
        }
        fn input_failed(&mut self, input: usize, _: &Input, _: InputError) {
            self.0.push(format!("failed {input}"));
        }
        fn input_finished(&mut self, input: usize, _: &Input) {
            self.0.push(format!("finished {input}"));
        }
    }

    #[test]
    fn batches_finished_out_of_order_are_still_delivered_in_order() {
        let (dir, inputs) = twice_around_a_missing_file("order", &one_move_games(120, "d4"));
        // The first game of every tenth batch is slow: the batches after it, worked on
        // meanwhile, finish first.
        let work = |g: &GameRef<'_>| {
            if g.index % 30 == 0 {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            g.index
        };
        let mut serial = Log::default();
        run(
            &inputs,
            &Options {
                threads: 1,
                batch_bytes: 90,
            },
            work,
            &mut serial,
        );
        assert_eq!(serial.0.len(), 5 + 2 * 120);
        assert_eq!(serial.0[0], "start 0");
        assert_eq!(serial.0[122], "failed 1");
        for threads in [2, 4] {
            let mut log = Log::default();
            let options = Options {
                threads,
                batch_bytes: 90,
            };
            run(&inputs, &options, work, &mut log);
            assert_eq!(log.0, serial.0, "threads {threads}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn results_arrive_in_input_order_whatever_the_thread_count() {
        let mut text = String::new();
        for i in 0..500 {
            text.push_str(&format!(
                "[Event \"{i}\"]\n\n1. e4 {} *\n\n",
                "e5 ".repeat(i % 7)
            ));
        }
        let (dir, inputs) = twice_around_a_missing_file("engine", &text);
        let mut expected = None;
        for threads in [1, 2, 4] {
            let mut rec = Record::default();
            let options = Options {
                threads,
                batch_bytes: 333,
            };
            run(&inputs, &options, |g: &GameRef<'_>| g.bytes.len(), &mut rec);
            assert_eq!(rec.games.len(), 1000);
            assert_eq!(rec.failed.len(), 1);
            assert!(rec.failed[0].contains("missing.pgn"));
            assert_eq!(rec.finished, [0, 2]);
            for (k, w) in rec.games.windows(2).enumerate() {
                assert!((w[0].0, w[0].1) < (w[1].0, w[1].1), "order broken at {k}");
            }
            match &expected {
                None => expected = Some(rec.games),
                Some(e) => assert_eq!(e, &rec.games, "threads {threads}"),
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A sink that wants nothing more after its tenth game.
    #[derive(Default)]
    struct StopsAfterTen(Vec<u64>);

    impl Sink<u64> for StopsAfterTen {
        fn game(&mut self, g: &GameRef<'_>, _: u64) {
            self.0.push(g.index);
        }
        fn input_failed(&mut self, _: usize, _: &Input, _: InputError) {}
        fn stopped(&self) -> bool {
            self.0.len() >= 10
        }
    }

    #[test]
    fn a_sink_that_stops_is_given_no_more_batches() {
        let (dir, inputs) = twice_around_a_missing_file("stop", &one_move_games(2000, "e4"));
        for threads in [1, 2, 4] {
            let mut sink = StopsAfterTen::default();
            // Five games a batch: the batch under way when the sink stops is finished, no
            // other is delivered.
            let options = Options {
                threads,
                batch_bytes: 100,
            };
            run(&inputs, &options, |g: &GameRef<'_>| g.index, &mut sink);
            assert_eq!(sink.0, (0..10).collect::<Vec<u64>>(), "threads {threads}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
