(* Checks a 2016 HW10 corpus solution under SML/NJ. From a solution's folder:
 *   sml load.sml ../check10.sml < /dev/null
 * Prints "CHECK <name> ok" or "CHECK <name> FAIL <why>" lines (and the explicit games'
 * "Estimating state" lines between "BEGIN <name>" and "END <name>"); the last line is
 * "CHECKS DONE". Test code of this project, not part of any solution. *)

fun check (name : string) (ok : bool) (why : string) : unit =
    print ("CHECK " ^ name ^ (if ok then " ok" else " FAIL") ^ (if why = "" then "" else " " ^ why) ^ "\n");

fun guarded (name : string) (f : unit -> bool * string) : unit =
    (let val (ok, why) = f () in check name ok why end)
    handle e => check name false ("raised " ^ exnMessage e);

(* -- the handout's traces (Section 6.2) -- *)
structure TestBig = AlphaBeta (struct structure G = HandoutBig val search_depth = 4 end);
structure TestSmall = AlphaBeta (struct structure G = HandoutSmall val search_depth = 2 end);
fun traced (name : string) (f : unit -> int) : unit =
    (print ("BEGIN " ^ name ^ "\n");
     (let val m = f () in print ("MOVE " ^ name ^ " " ^ Int.toString m ^ "\n") end)
     handle e => print ("RAISED " ^ name ^ " " ^ exnMessage e ^ "\n");
     print ("END " ^ name ^ "\n"));
traced "ab-big" (fn () => TestBig.next_move HandoutBig.start);
traced "ab-small" (fn () => TestSmall.next_move HandoutSmall.start);
structure JS0 = Jamboree (struct structure G = HandoutSmall val search_depth = 2
                                 val prune_percentage = 0.0 end);
structure JS5 = Jamboree (struct structure G = HandoutSmall val search_depth = 2
                                 val prune_percentage = 0.5 end);
structure JS1 = Jamboree (struct structure G = HandoutSmall val search_depth = 2
                                 val prune_percentage = 1.0 end);
structure JB5 = Jamboree (struct structure G = HandoutBig val search_depth = 4
                                 val prune_percentage = 0.5 end);
traced "jam0-small" (fn () => JS0.next_move HandoutSmall.start);
traced "jam5-small" (fn () => JS5.next_move HandoutSmall.start);
traced "jam1-small" (fn () => JS1.next_move HandoutSmall.start);
traced "jam5-big" (fn () => JB5.next_move HandoutBig.start);

(* -- random explicit trees: the move chosen is worth the minimax value -- *)
val seed = ref 12345;
fun rand (k : int) : int = (seed := (!seed * 421 + 54773) mod 259200; (!seed div 16) mod k);
fun tree (d : int) (name : string) : GameTree.tree =
    if d = 0 then GameTree.Esti (name, rand 7 - 3)
    else GameTree.Node (name, List.tabulate (1 + rand 3, fn i => tree (d - 1) (name ^ Int.toString i)));
fun minimax (GameTree.Esti (_, v)) (_ : bool) = v
  | minimax (GameTree.Node (_, ts)) maxie =
      let val vs = List.map (fn t => minimax t (not maxie)) ts
      in List.foldl (if maxie then Int.max else Int.min) (hd vs) vs end;
fun childValue (GameTree.Node (_, ts)) (m : int) = minimax (List.nth (ts, m)) false
  | childValue _ _ = raise Fail "leaf";
(* the random trees as one game whose states are visible (a tree and the player to move) *)
structure RT : ESTGAME =
struct
  structure Est = Estimate
  type est = Est.est
  datatype player = datatype GameTree.player
  datatype outcome = Winner of player
  datatype status = Over of outcome | In_play
  type state = GameTree.tree * player
  type move = int
  fun kids (GameTree.Node (_, ts)) = ts | kids _ = raise Fail "searched below a leaf"
  val start = (GameTree.Esti ("x", 0), Maxie)
  fun data_to_start_state _ = start
  fun moves ((t, _) : state) = Seq.tabulate (fn i => i) (List.length (kids t))
  fun make_move ((t, p) : state, i : move) = (List.nth (kids t, i), if p = Maxie then Minnie else Maxie)
  fun status _ = In_play
  fun player ((_, p) : state) = p
  fun estimate ((GameTree.Esti (_, v), _) : state) = Est.Guess v
    | estimate _ = raise Fail "estimated an inner node"
  fun outcome_to_est (Winner Maxie) = Est.MaxieWins | outcome_to_est _ = Est.MinnieWins
  fun outcome_to_string _ = "over"
  fun player_to_string Maxie = "Maxie" | player_to_string Minnie = "Minnie"
  val move_to_string = Int.toString
  val move_to_descriptor = Int.toString
  fun detailed_move_to_string (_, m) = Int.toString m
  fun state_to_string _ = "tree"
  fun move_eq (a : int, b) = a = b
  fun is_valid_move _ = true
  fun parse_move _ _ = NONE
end;
structure AB1 = AlphaBeta (struct structure G = RT val search_depth = 1 end);
structure AB2 = AlphaBeta (struct structure G = RT val search_depth = 2 end);
structure AB3 = AlphaBeta (struct structure G = RT val search_depth = 3 end);
structure AB4 = AlphaBeta (struct structure G = RT val search_depth = 4 end);
val abs = [AB1.next_move, AB2.next_move, AB3.next_move, AB4.next_move];
functor Jams (P : sig val prune_percentage : real end) =
struct
  structure J1 = Jamboree (struct structure G = RT val search_depth = 1 val prune_percentage = P.prune_percentage end)
  structure J2 = Jamboree (struct structure G = RT val search_depth = 2 val prune_percentage = P.prune_percentage end)
  structure J3 = Jamboree (struct structure G = RT val search_depth = 3 val prune_percentage = P.prune_percentage end)
  structure J4 = Jamboree (struct structure G = RT val search_depth = 4 val prune_percentage = P.prune_percentage end)
  val players = [J1.next_move, J2.next_move, J3.next_move, J4.next_move]
end;
structure J00 = Jams (struct val prune_percentage = 0.0 end);
structure J34 = Jams (struct val prune_percentage = 0.34 end);
structure J50 = Jams (struct val prune_percentage = 0.5 end);
structure J99 = Jams (struct val prune_percentage = 1.0 end);
fun randomTrees (name : string) (players : (RT.state -> int) list) : unit =
    guarded name (fn () =>
      let
        fun loop 0 = (true, "")
          | loop k =
              let
                val d = 1 + rand 4
                val t = tree d "t"
                val m = List.nth (players, d - 1) (t, RT.Maxie)
              in
                if childValue t m = minimax t true then loop (k - 1)
                else (false, "a move worth " ^ Int.toString (childValue t m) ^ ", not "
                             ^ Int.toString (minimax t true))
              end
      in
        loop 200
      end);
print "BEGIN random\n";
randomTrees "alphabeta-random-trees" abs;
randomTrees "jamboree0.0-random-trees" J00.players;
randomTrees "jamboree0.34-random-trees" J34.players;
randomTrees "jamboree0.5-random-trees" J50.players;
randomTrees "jamboree1.0-random-trees" J99.players;
print "END random\n";

(* -- look and say (Section 5.2) -- *)
fun lasShow (s : (int * string) Seq.seq) : string =
    String.concatWith "," (List.map (fn (k, x) => Int.toString k ^ x) (Seq.toList s));
fun streq (a : string, b : string) = a = b;
fun lasCheck (name : string) (f : unit -> string) (want : string) : unit =
    guarded name (fn () => let val got = f () in (got = want, "got " ^ got) end);
lasCheck "las-3hi" (fn () => lasShow (LookAndSay.look_and_say streq (Seq.fromList ["hi", "hi", "hi"]))) "3hi";
lasCheck "las-bye-hi" (fn () => lasShow (LookAndSay.look_and_say streq (Seq.fromList ["bye", "hi", "hi"]))) "1bye,2hi";
lasCheck "las-empty" (fn () => lasShow (LookAndSay.look_and_say streq (Seq.fromList []))) "";
lasCheck "wrap-2bye-2hi" (fn () => lasShow (LookAndSay.las_wrap streq (Seq.fromList ["bye", "hi", "hi", "bye"]))) "2bye,2hi";
lasCheck "wrap-alternating" (fn () => lasShow (LookAndSay.las_wrap streq (Seq.fromList ["bye", "hi", "bye", "hi"]))) "1bye,1hi,1bye,1hi";
lasCheck "wrap-one-run" (fn () => lasShow (LookAndSay.las_wrap streq (Seq.fromList ["hi", "hi"]))) "2hi";
lasCheck "wrap-single" (fn () => lasShow (LookAndSay.las_wrap streq (Seq.fromList ["hi"]))) "1hi";
lasCheck "wrap-empty" (fn () => lasShow (LookAndSay.las_wrap streq (Seq.fromList []))) "";
lasCheck "wrap-3-runs" (fn () => lasShow (LookAndSay.las_wrap streq (Seq.fromList ["a", "b", "b", "c", "a", "a"]))) "3a,2b,1c";

(* -- Tic-Tac-Toe -- *)
structure T3 = TicTacToe (struct val board_size = 3 end);
structure T4 = TicTacToe (struct val board_size = 4 end);
fun play3 (ds : string list) : T3.state =
    List.foldl (fn (d, s) => T3.make_move (s, valOf (T3.parse_move s d))) T3.start ds;
fun descs3 (s : T3.state) : string list = List.map T3.move_to_descriptor (Seq.toList (T3.moves s));
fun statusName (st : T3.status) : string =
    case st of T3.In_play => "In_play" | T3.Over (T3.Winner T3.Maxie) => "Maxie" | T3.Over (T3.Winner T3.Minnie) => "Minnie";
fun sorted (l : string list) = ListMergeSort.sort (op >) l;
guarded "ttt-start-moves" (fn () =>
  let val ds = sorted (descs3 T3.start)
  in (ds = ["0 0", "0 1", "0 2", "1 0", "1 1", "1 2", "2 0", "2 1", "2 2"], String.concatWith ";" ds) end);
guarded "ttt-start" (fn () => (T3.player T3.start = T3.Maxie andalso T3.status T3.start = T3.In_play, ""));
guarded "ttt-moves-after" (fn () =>
  let val ds = sorted (descs3 (play3 ["1 1", "0 0"])) in (ds = ["0 1", "0 2", "1 0", "1 2", "2 0", "2 1", "2 2"], String.concatWith ";" ds) end);
guarded "ttt-valid" (fn () =>
  let
    val s = play3 ["1 1"]
    val m = Seq.nth 0 (T3.moves s)
  in
    (T3.is_valid_move (s, m) andalso not (T3.is_valid_move (play3 ["1 1", T3.move_to_descriptor m], m))
     andalso not (isSome (T3.parse_move s "1 1")) andalso T3.player s = T3.Minnie, "")
  end);
fun statusCheck (name : string) (ds : string list) (want : string) : unit =
    guarded name (fn () => let val got = statusName (T3.status (play3 ds)) in (got = want, got) end);
statusCheck "ttt-row-maxie" ["0 0", "1 0", "0 1", "1 1", "0 2"] "Maxie";
statusCheck "ttt-col-minnie" ["0 0", "0 1", "1 0", "1 1", "2 2", "2 1"] "Minnie";
statusCheck "ttt-diag-maxie" ["0 0", "0 1", "1 1", "0 2", "2 2"] "Maxie";
statusCheck "ttt-antidiag-minnie" ["0 0", "0 2", "0 1", "1 1", "2 2", "2 0"] "Minnie";
statusCheck "ttt-full-minnie" ["0 0", "0 1", "0 2", "1 1", "1 0", "1 2", "2 1", "2 0", "2 2"] "Minnie";
statusCheck "ttt-in-play" ["0 0", "1 1", "2 2"] "In_play";
guarded "ttt-estimate-won" (fn () =>
  (T3.Est.compare (T3.estimate (play3 ["0 0", "1 0", "0 1", "1 1"]), T3.estimate (play3 ["0 0", "1 0", "2 2", "1 1"])) = GREATER, ""));
structure P3 = AlphaBeta (struct structure G = T3 val search_depth = 3 end);
structure Q3 = Jamboree (struct structure G = T3 val search_depth = 3 val prune_percentage = 0.5 end);
guarded "ttt-ab-wins" (fn () =>
  let val d = T3.move_to_descriptor (P3.next_move (play3 ["0 0", "1 0", "0 1", "1 1"])) in (d = "0 2", d) end);
guarded "ttt-ab-blocks" (fn () =>
  let val d = T3.move_to_descriptor (P3.next_move (play3 ["0 0", "1 1", "2 2", "1 0"])) in (d = "1 2", d) end);
guarded "ttt-jam-wins" (fn () =>
  let val d = T3.move_to_descriptor (Q3.next_move (play3 ["0 0", "1 0", "0 1", "1 1"])) in (d = "0 2", d) end);
guarded "ttt-4x4" (fn () => (Seq.length (T4.moves T4.start) = 16, ""));

(* -- the estimator against the handout's baseline (longest chain), 4x4, depth 1, every
 *    first move (and none), both colours: strictly more wins -- *)
fun chain (cells : char vector) (e : char) : int =
    let
      fun at (r, c) = if 0 <= r andalso r < 4 andalso 0 <= c andalso c < 4 then Vector.sub (cells, 4 * r + c) else #"."
      fun run (r, c, dr, dc) = if at (r, c) = e then 1 + run (r + dr, c + dc, dr, dc) else 0
      val all = List.concat (List.tabulate (16, fn k => List.map (fn (dr, dc) => run (k div 4, k mod 4, dr, dc))
                                                                 [(0, 1), (1, 0), (1, 1), (1, ~1)]))
    in
      List.foldl Int.max 0 all
    end;
fun baseline (cells : char vector) : int = chain cells #"O" - chain cells #"X";
fun place (cells : char vector) (d : string) (e : char) : char vector =
    let val [r, c] = List.map (valOf o Int.fromString) (String.tokens Char.isSpace d)
    in Vector.update (cells, 4 * r + c, e) end;
(* one game: mine plays Maxie iff mineMaxie; returns true iff mine won *)
fun game (opening : string list) (mineMaxie : bool) : bool =
    let
      fun entry p = if p = T4.Maxie then #"O" else #"X"
      fun pick (s : T4.state, cells : char vector) : string =
          let
            val p = T4.player s
            val mine = (p = T4.Maxie) = mineMaxie
            val sign = if p = T4.Maxie then 1 else ~1
            fun score (m : T4.move) : T4.est =
                let
                  val s' = T4.make_move (s, m)
                  val cells' = place cells (T4.move_to_descriptor m) (entry p)
                in
                  case T4.status s' of
                      T4.Over oc => T4.outcome_to_est oc
                    | T4.In_play => if mine then T4.estimate s' else T4.Est.Guess (baseline cells')
                end
            fun better (a, b) = T4.Est.compare (a, b) = (if p = T4.Maxie then GREATER else LESS)
            val scored = List.map (fn m => (m, score m)) (Seq.toList (T4.moves s))
            val (best, _) = List.foldl (fn ((m, v), (bm, bv)) => if better (v, bv) then (m, v) else (bm, bv))
                                       (hd scored) (tl scored)
          in
            T4.move_to_descriptor best
          end
      fun loop (s, cells, ds) =
          case T4.status s of
              T4.Over (T4.Winner w) => (w = T4.Maxie) = mineMaxie
            | T4.In_play =>
                let
                  val (d, ds') = case ds of d :: rest => (d, rest) | [] => (pick (s, cells), [])
                in
                  loop (T4.make_move (s, valOf (T4.parse_move s d)), place cells d (entry (T4.player s)), ds')
                end
    in
      loop (T4.start, Vector.tabulate (16, fn _ => #"."), opening)
    end;
guarded "estimate-beats-baseline" (fn () =>
  let
    val openings = [] :: List.tabulate (16, fn k => [Int.toString (k div 4) ^ " " ^ Int.toString (k mod 4)])
    val results = List.concat (List.map (fn op1 => [game op1 true, game op1 false]) openings)
    val wins = List.length (List.filter (fn b => b) results)
  in
    (wins > List.length results - wins, Int.toString wins ^ " of " ^ Int.toString (List.length results))
  end);
print "CHECKS DONE\n";
