(* Checks a 2013 HW11 corpus solution under SML/NJ. From a solution's folder:
 *   sml load.sml check.sml < /dev/null
 * where check.sml names the solution's graph structure (structure GraphsUnderTest = ...) and
 * uses this file. Prints "CHECK <name> ok|FAIL ..." lines, the explicit games' "Estimating
 * state" lines between "BEGIN <name>" and "END <name>", Riskless playouts ("PLY" lines) and
 * "CHECKS DONE" last. Test code of this project, not part of any solution. *)
fun check (name : string) (ok : bool) (why : string) : unit =
    print ("CHECK " ^ name ^ (if ok then " ok" else " FAIL") ^ (if why = "" then "" else " " ^ why) ^ "\n");
fun guarded (name : string) (f : unit -> bool * string) : unit =
    (let val (ok, why) = f () in check name ok why end)
    handle e => check name false ("raised " ^ exnMessage e);
fun seqOfList (l : 'a list) : 'a Seq.seq = SeqUtils.seqFromList l;
fun listOfSeq (s : 'a Seq.seq) : 'a list = SeqUtils.seqToList s;

(* -- the handout's traces (Figures 4 and 5) -- *)
structure TestBig = AlphaBeta (struct structure G = HandoutBig val search_depth = 4 end);
structure TestSmall = AlphaBeta (struct structure G = HandoutSmall val search_depth = 2 end);
structure JS0 = Jamboree (struct structure G = HandoutSmall val search_depth = 2 val prune_percentage = 0.0 end);
structure JS5 = Jamboree (struct structure G = HandoutSmall val search_depth = 2 val prune_percentage = 0.5 end);
structure JS1 = Jamboree (struct structure G = HandoutSmall val search_depth = 2 val prune_percentage = 1.0 end);
structure JB5 = Jamboree (struct structure G = HandoutBig val search_depth = 4 val prune_percentage = 0.5 end);
fun traced (name : string) (f : unit -> int) : unit =
    (print ("BEGIN " ^ name ^ "\n");
     (let val m = f () in print ("MOVE " ^ name ^ " " ^ Int.toString m ^ "\n") end)
     handle e => print ("RAISED " ^ name ^ " " ^ exnMessage e ^ "\n");
     print ("END " ^ name ^ "\n"));
traced "ab-big" (fn () => TestBig.next_move HandoutBig.start);
traced "ab-small" (fn () => TestSmall.next_move HandoutSmall.start);
traced "jam0-small" (fn () => JS0.next_move HandoutSmall.start);
traced "jam5-small" (fn () => JS5.next_move HandoutSmall.start);
traced "jam1-small" (fn () => JS1.next_move HandoutSmall.start);
traced "jam5-big" (fn () => JB5.next_move HandoutBig.start);

(* -- random explicit trees (many ties): the move chosen is worth the minimax value -- *)
val seed = ref 12345;
fun rand (k : int) : int = (seed := (!seed * 421 + 54773) mod 259200; (!seed div 16) mod k);
fun tree (d : int) : GameTree.tree =
    if d = 0 then GameTree.Esti ("t", rand 7 - 3)
    else GameTree.Node ("t", List.tabulate (1 + rand 3, fn _ => tree (d - 1)));
fun minimax (GameTree.Esti (_, v)) (_ : bool) = v
  | minimax (GameTree.Node (_, ts)) maxie =
      let val vs = List.map (fn t => minimax t (not maxie)) ts
      in List.foldl (if maxie then Int.max else Int.min) (hd vs) vs end;
fun childValue (GameTree.Node (_, ts)) (m : int) = minimax (List.nth (ts, m)) false
  | childValue _ _ = raise Fail "leaf";
structure RT : GAME =
struct
  datatype player = datatype GameTree.player
  datatype outcome = Winner of player | Draw
  datatype status = Over of outcome | In_play
  structure Est = Estimate
  type est = Est.est
  type state = GameTree.tree * player
  type move = int
  fun kids (GameTree.Node (_, ts)) = ts | kids _ = raise Fail "searched below a leaf"
  val start = (GameTree.Esti ("x", 0), Maxie)
  fun moves ((t, _) : state) = Seq.tabulate (fn i => i) (List.length (kids t))
  fun make_move ((t, p) : state, i : move) = (List.nth (kids t, i), if p = Maxie then Minnie else Maxie)
  fun status _ = In_play
  fun player ((_, p) : state) = p
  fun estimate ((GameTree.Esti (_, v), _) : state) = Est.guess v
    | estimate _ = raise Fail "estimated an inner node"
  val move_to_string = Int.toString
  fun state_to_string _ = "tree"
  fun parse_move _ _ = NONE
end;
functor Players (P : sig val prune_percentage : real end) =
struct
  structure A1 = AlphaBeta (struct structure G = RT val search_depth = 1 end)
  structure A2 = AlphaBeta (struct structure G = RT val search_depth = 2 end)
  structure A3 = AlphaBeta (struct structure G = RT val search_depth = 3 end)
  structure A4 = AlphaBeta (struct structure G = RT val search_depth = 4 end)
  structure J1 = Jamboree (struct structure G = RT val search_depth = 1 val prune_percentage = P.prune_percentage end)
  structure J2 = Jamboree (struct structure G = RT val search_depth = 2 val prune_percentage = P.prune_percentage end)
  structure J3 = Jamboree (struct structure G = RT val search_depth = 3 val prune_percentage = P.prune_percentage end)
  structure J4 = Jamboree (struct structure G = RT val search_depth = 4 val prune_percentage = P.prune_percentage end)
  val ab = [A1.next_move, A2.next_move, A3.next_move, A4.next_move]
  val jam = [J1.next_move, J2.next_move, J3.next_move, J4.next_move]
end;
structure P00 = Players (struct val prune_percentage = 0.0 end);
structure P34 = Players (struct val prune_percentage = 0.34 end);
structure P50 = Players (struct val prune_percentage = 0.5 end);
structure P99 = Players (struct val prune_percentage = 1.0 end);
fun randomTrees (name : string) (players : (RT.state -> int) list) : unit =
    guarded name (fn () =>
      let
        fun loop 0 = (true, "")
          | loop k =
              let
                val d = 1 + rand 4
                val t = tree d
                val m = List.nth (players, d - 1) (t, RT.Maxie)
              in
                if childValue t m = minimax t true then loop (k - 1)
                else (false, "a move worth " ^ Int.toString (childValue t m) ^ ", not "
                             ^ Int.toString (minimax t true))
              end
      in
        loop 200
      end);
randomTrees "alphabeta-random-trees" P00.ab;
randomTrees "jamboree0.0-random-trees" P00.jam;
randomTrees "jamboree0.34-random-trees" P34.jam;
randomTrees "jamboree0.5-random-trees" P50.jam;
randomTrees "jamboree1.0-random-trees" P99.jam;

(* -- graphs (Tasks 2.1, 3.1-3.3) -- *)
fun graph (l : int list list) = seqOfList (List.map seqOfList l);
fun sortInts (l : int list) = ListMergeSort.sort (op >) l;
fun ints (l : int list) = String.concatWith "," (List.map Int.toString l);
guarded "to_list" (fn () =>
  let val l = GraphsUnderTest.to_list (seqOfList [3, 1, 2]) in (l = [3, 1, 2], ints l) end);
guarded "to_list-empty" (fn () => (GraphsUnderTest.to_list (seqOfList [] : int Seq.seq) = [], ""));
val handoutG = graph [[1], [0, 3], [3], [1, 2]];
guarded "get_neighbors" (fn () =>
  let val l = GraphsUnderTest.to_list (GraphsUnderTest.get_neighbors handoutG 1) in (l = [0, 3], ints l) end);
guarded "get_neighbors-not-in-graph" (fn () =>
  ((ignore (GraphsUnderTest.get_neighbors handoutG 4); false) handle _ => true, "no exception"));
guarded "from_edge_seq" (fn () =>
  let
    val g = GraphsUnderTest.from_edge_seq (seqOfList [(0, 1), (1, 0), (1, 2), (2, 1)]) 3
    val l = List.map (sortInts o GraphsUnderTest.to_list) (GraphsUnderTest.to_list g)
  in
    (l = [[1], [0, 2], [1]], String.concatWith ";" (List.map ints l))
  end);
guarded "from_edge_seq-isolated" (fn () =>
  let val g = GraphsUnderTest.from_edge_seq (seqOfList [(0, 2), (2, 0)]) 4
  in (Seq.length g = 4 andalso Seq.length (Seq.nth 1 g) = 0 andalso Seq.length (Seq.nth 3 g) = 0, "") end);
guarded "is_undirected-true" (fn () => (GraphsUnderTest.is_undirected handoutG, ""));
guarded "is_undirected-false" (fn () => (not (GraphsUnderTest.is_undirected (graph [[1], [2], [1, 3], [1, 2]])), ""));
guarded "is_undirected-empty" (fn () => (GraphsUnderTest.is_undirected (graph []), ""));

(* -- Riskless on the handout's maps (known answers: the rules of Section 4.1) -- *)
structure R1 = Riskless (M1 (P));
structure R2 = Riskless (M2);
fun play1 s ms = List.foldl (fn (m, s) => R1.make_move (s, m)) s ms;
fun play2 s ms = List.foldl (fn (m, s) => R2.make_move (s, m)) s ms;
fun sortedMoves1 s = ListMergeSort.sort (fn ((a, b), (c, d)) => a > c orelse (a = c andalso b > d)) (listOfSeq (R1.moves s));
fun boardCheck (name : string) (got : string) (want : string) : unit = guarded name (fn () => (got = want, got));
guarded "riskless-start-moves" (fn () => (sortedMoves1 R1.start = [(3, 2), (3, 4)], ""));
guarded "riskless-start" (fn () => (R1.player R1.start = R1.Maxie andalso R1.status R1.start = R1.In_play, ""));
boardCheck "riskless-start-board" (R1.state_to_string R1.start)
  "(0) Land0: O(2)<-->(1) Land1:     <-->(2) Land2:     <-->(3) Land3: X(1)<-->(4) Land4:     <-->(5) Land5:     <-->";
boardCheck "riskless-move-and-train" (R1.state_to_string (play1 R1.start [(3, 4)]))
  "(0) Land0: O(3)<-->(1) Land1:     <-->(2) Land2:     <-->(3) Land3: X(1)<-->(4) Land4: X(2)<-->(5) Land5:     <-->";
boardCheck "riskless-tie-to-attacker" (R1.state_to_string (play1 R1.start [(3, 4), (0, 5), (3, 2), (5, 4), (3, 4)]))
  "(0) Land0: O(4)<-->(1) Land1:     <-->(2) Land2: X(5)<-->(3) Land3: X(1)<-->(4) Land4: X(1)<-->(5) Land5: O(2)<-->";
boardCheck "riskless-cap" (R1.state_to_string (play1 R1.start [(3, 4), (0, 1), (3, 4), (0, 1), (3, 4), (1, 0)]))
  "(0) Land0: O(9)<-->(1) Land1: O(1)<-->(2) Land2:     <-->(3) Land3: X(2)<-->(4) Land4: X(9)<-->(5) Land5:     <-->";
guarded "riskless-no-territory-loses" (fn () =>
  let val s = play1 R1.start [(3, 2), (0, 5), (3, 4), (0, 5), (4, 3), (0, 5), (2, 1), (5, 0), (1, 0), (5, 4), (0, 5)]
  in (R1.status s = R1.Over (R1.Winner R1.Maxie) andalso Seq.length (R1.moves s) = 0, "") end);
guarded "riskless-max-units-wins" (fn () =>
  let
    val s = play2 R2.start [(15, 14), (0, 4), (14, 15), (0, 1), (15, 14), (4, 8), (15, 14), (8, 9),
                            (15, 14), (9, 5), (14, 15), (5, 6), (14, 15), (6, 10), (15, 14),
                            (8, 12), (15, 14), (10, 11), (15, 14)]
  in
    (R2.status s = R2.Over (R2.Winner R2.Minnie)
     andalso R2.state_to_string s = "(0) : O(10)  (1) : O(10)  (2) :        (3) :       \n\
                                    \(4) : O(10)  (5) : O(8)   (6) : O(6)   (7) :       \n\
                                    \(8) : O(4)   (9) : O(10)  (10) : O(2)  (11) : O(10)\n\
                                    \(12) : O(10) (13) :       (14) : X(10) (15) : X(1) \n",
     R2.state_to_string s)
  end);
guarded "riskless-parse" (fn () =>
  (R1.parse_move R1.start " 3 4 " = SOME (3, 4) andalso R1.parse_move R1.start "3 5" = NONE
   andalso R1.parse_move R1.start "x" = NONE andalso R1.move_to_string (3, 4) = "(3,4)", ""));
guarded "riskless-estimate" (fn () =>
  ((ignore (R1.estimate R1.start, R1.estimate (play1 R1.start [(3, 4), (0, 1), (3, 4)])); true), ""));
structure AB1 = AlphaBeta (struct structure G = R1 val search_depth = 3 end);
structure JB1 = Jamboree (struct structure G = R1 val search_depth = 3 val prune_percentage = 0.5 end);
guarded "riskless-alphabeta-plays" (fn () =>
  let val m = AB1.next_move R1.start in (m = (3, 4) orelse m = (3, 2), R1.move_to_string m) end);
guarded "riskless-jamboree-plays" (fn () =>
  let val m = JB1.next_move R1.start in (m = (3, 4) orelse m = (3, 2), R1.move_to_string m) end);

(* -- playouts, compared across implementations by the test -- *)
structure PO1 = Playout (R1);
structure PO2 = Playout (R2);
print "BEGIN playout-m1\n";
PO1.run 6 60;
print "END playout-m1\nBEGIN playout-m2\n";
PO2.run 3 80;
print "END playout-m2\n";
print "CHECKS DONE\n";
