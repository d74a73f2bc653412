(* The 2013 course sequences, written for this project (list-backed, sequential).
 * The 2012-2013 interface: curried with the index or count first (nth i s, take k s,
 * split k s, repeat n x, tabulate f n); cons AND append are curried (cons x s,
 * append s t); zip takes a pair; Range carries a message; reduce is a right fold with the
 * base at the end. It has no null, toList, fromList, reduce1 or update (SeqUtils has the
 * first four, as in 2013). *)
signature SEQUENCE =
sig
  type 'a seq

  exception Range of string

  val length : 'a seq -> int
  val nth : int -> 'a seq -> 'a
  val tabulate : (int -> 'a) -> int -> 'a seq
  val filter : ('a -> bool) -> 'a seq -> 'a seq
  val map : ('a -> 'b) -> 'a seq -> 'b seq
  val reduce : ('a * 'a -> 'a) -> 'a -> 'a seq -> 'a

  datatype 'a lview = Nil | Cons of 'a * 'a seq
  datatype 'a tview = Empty | Leaf of 'a | Node of 'a seq * 'a seq

  val showl : 'a seq -> 'a lview
  val hidel : 'a lview -> 'a seq
  val showt : 'a seq -> 'a tview
  val hidet : 'a tview -> 'a seq

  val mapreduce : ('a -> 'b) -> 'b -> ('b * 'b -> 'b) -> 'a seq -> 'b
  val toString : ('a -> string) -> 'a seq -> string
  val repeat : int -> 'a -> 'a seq
  val zip : 'a seq * 'b seq -> ('a * 'b) seq
  val flatten : 'a seq seq -> 'a seq
  val split : int -> 'a seq -> 'a seq * 'a seq
  val take : int -> 'a seq -> 'a seq
  val drop : int -> 'a seq -> 'a seq
  val empty : unit -> 'a seq
  val cons : 'a -> 'a seq -> 'a seq
  val singleton : 'a -> 'a seq
  val append : 'a seq -> 'a seq -> 'a seq
end

structure Seq :> SEQUENCE =
struct
  type 'a seq = 'a list

  exception Range of string

  val length = List.length

  fun nth i s =
      if i < 0 orelse i >= List.length s
      then raise Range ("nth: no index " ^ Int.toString i ^ " in a sequence of "
                        ^ Int.toString (List.length s))
      else List.nth (s, i)

  fun tabulate f n =
      if n < 0 then raise Range "tabulate: negative length" else List.tabulate (n, f)

  (* the predicate is applied from the last element to the first, as in the course's
   * vector sequences (it matters only to a predicate that prints) *)
  fun filter p s = List.foldr (fn (x, kept) => if p x then x :: kept else kept) [] s
  val map = List.map
  fun reduce f b s = List.foldr f b s

  datatype 'a lview = Nil | Cons of 'a * 'a seq
  datatype 'a tview = Empty | Leaf of 'a | Node of 'a seq * 'a seq

  fun showl s = case s of [] => Nil | x :: xs => Cons (x, xs)
  fun hidel v = case v of Nil => [] | Cons (x, xs) => x :: xs

  (* the left half holds length div 2 elements *)
  fun showt s =
      case s of
          [] => Empty
        | [x] => Leaf x
        | _ => let val h = List.length s div 2 in Node (List.take (s, h), List.drop (s, h)) end
  fun hidet v = case v of Empty => [] | Leaf x => [x] | Node (l, r) => l @ r

  (* f is applied left to right (the map), then c right to left (the fold) *)
  fun mapreduce f b c s = List.foldr c b (List.map f s)
  fun toString f s = "[" ^ String.concatWith ", " (List.map f s) ^ "]"
  fun repeat n x = tabulate (fn _ => x) n
  fun zip (a, b) = ListPair.zip (a, b)
  val flatten = List.concat

  fun take k s =
      if k < 0 orelse k > List.length s then raise Range "take: not enough elements"
      else List.take (s, k)
  fun drop k s =
      if k < 0 orelse k > List.length s then raise Range "drop: not enough elements"
      else List.drop (s, k)
  fun split k s = (take k s, drop k s)

  fun empty () = []
  fun cons x s = x :: s
  fun singleton x = [x]
  fun append s t = s @ t
end

(* The 2013 sequence utilities (the handout points at SeqUtils.null). reduce1 is a right
 * fold with the last element as the base; it raises Fail on an empty sequence. *)
structure SeqUtils :
sig
  val reduce1 : ('a * 'a -> 'a) -> 'a Seq.seq -> 'a
  val null : 'a Seq.seq -> bool
  val seqToList : 'a Seq.seq -> 'a list
  val seqFromList : 'a list -> 'a Seq.seq
end =
struct
  fun reduce1 f s =
      case Seq.mapreduce SOME NONE
                         (fn (SOME a, SOME b) => SOME (f (a, b))
                           | (a, NONE) => a
                           | (NONE, b) => b) s of
          SOME x => x
        | NONE => raise Fail "SeqUtils.reduce1: empty sequence"
  fun null s = Seq.length s = 0
  fun seqToList s = Seq.reduce (fn (x, xs) => x @ xs) [] (Seq.map (fn x => [x]) s)
  fun seqFromList l = List.foldr (fn (x, s) => Seq.cons x s) (Seq.empty ()) l
end
