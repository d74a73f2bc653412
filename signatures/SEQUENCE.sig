(* The course library's sequences (15-150), the vals the homework uses.
 * Python: sml150.lib.seq.Seq (type and structure), Protocol sml150.lib.signatures.SEQUENCE. *)
signature SEQUENCE =
sig
  type 'a seq
  exception Range

  val length : 'a seq -> int
  val null : 'a seq -> bool
  val nth : int -> 'a seq -> 'a                       (* raises Range *)
  val tabulate : (int -> 'a) -> int -> 'a seq
  val filter : ('a -> bool) -> 'a seq -> 'a seq
  val map : ('a -> 'b) -> 'a seq -> 'b seq
  val reduce : ('a * 'a -> 'a) -> 'a -> 'a seq -> 'a  (* f(x0, f(x1, ... f(xn-1, b))) *)
  val mapreduce : ('a -> 'b) -> 'b -> ('b * 'b -> 'b) -> 'a seq -> 'b
  val toString : ('a -> string) -> 'a seq -> string
  val repeat : int -> 'a -> 'a seq
  val zip : 'a seq * 'b seq -> ('a * 'b) seq
  val flatten : 'a seq seq -> 'a seq
  val split : int -> 'a seq -> 'a seq * 'a seq
  val take : int -> 'a seq -> 'a seq
  val drop : int -> 'a seq -> 'a seq
  val empty : unit -> 'a seq
  val cons : 'a * 'a seq -> 'a seq
  val singleton : 'a -> 'a seq
  val append : 'a seq * 'a seq -> 'a seq
  val reduce1 : ('a * 'a -> 'a) -> 'a seq -> 'a      (* raises Range on an empty sequence *)
  val update : 'a seq * (int * 'a) -> 'a seq
  val toList : 'a seq -> 'a list
  val fromList : 'a list -> 'a seq

  datatype 'a lview = Nil | Cons of 'a * 'a seq
  val showl : 'a seq -> 'a lview
  val hidel : 'a lview -> 'a seq                      (* invariant: showl (hidel v) ==> v *)

  datatype 'a tview = Empty | Leaf of 'a | Node of 'a seq * 'a seq
  val showt : 'a seq -> 'a tview                      (* Node splits at n div 2 *)
  val hidet : 'a tview -> 'a seq
end
