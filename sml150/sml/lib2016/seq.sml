(* The Summer 2016 course sequences, written for this project (list-backed, sequential).
 * The 2016 interface: every function is curried with the index or count first
 * (nth i s, take k s, split k s, repeat n x, tabulate f n), cons is curried (cons x s),
 * append and zip take a pair, update takes a triple (s, i, x) and raises Subscript,
 * Range carries a message, reduce is a right fold with the base at the end:
 * reduce f b <x0, ..., xn-1> = f (x0, f (x1, ... f (xn-1, b))); reduce1 (Fail on <>) is the
 * same fold with xn-1 as the base. *)
signature SEQUENCE =
sig
  type 'a seq

  exception Range of string

  val length : 'a seq -> int
  val null : 'a seq -> bool
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

  val toList : 'a seq -> 'a list
  val fromList : 'a list -> 'a seq

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
  val append : 'a seq * 'a seq -> 'a seq
  val reduce1 : ('a * 'a -> 'a) -> 'a seq -> 'a
  val update : 'a seq * int * 'a -> 'a seq
end

structure Seq :> SEQUENCE =
struct
  type 'a seq = 'a list

  exception Range of string

  val length = List.length
  val null = List.null

  fun nth i s =
      if i < 0 then raise Range ("nth: negative index " ^ Int.toString i)
      else if i >= List.length s then raise Range ("nth: index " ^ Int.toString i ^ " too large")
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

  fun showl [] = Nil
    | showl (x :: xs) = Cons (x, xs)

  fun hidel Nil = []
    | hidel (Cons (x, xs)) = x :: xs

  (* the left half holds length div 2 elements *)
  fun showt [] = Empty
    | showt [x] = Leaf x
    | showt s =
        let val half = List.length s div 2
        in Node (List.take (s, half), List.drop (s, half)) end

  fun hidet Empty = []
    | hidet (Leaf x) = [x]
    | hidet (Node (l, r)) = l @ r

  fun toList s = s
  fun fromList l = l

  (* f is applied left to right (the map), then c right to left (the fold) *)
  fun mapreduce f b c s = List.foldr c b (List.map f s)

  fun toString f s = "[" ^ String.concatWith ", " (List.map f s) ^ "]"

  fun repeat n x = tabulate (fn _ => x) n

  fun zip (a, b) = ListPair.zip (a, b)

  fun flatten ss = List.concat ss

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
  fun append (a, b) = a @ b

  fun reduce1 f [] = raise Fail "reduce1: empty sequence"
    | reduce1 f (x :: xs) =
        let
          fun go (y, []) = y
            | go (y, z :: zs) = f (y, go (z, zs))
        in
          go (x, xs)
        end

  fun update (s, i, x) =
      if i < 0 orelse i >= List.length s then raise Subscript
      else List.take (s, i) @ (x :: List.drop (s, i + 1))
end
