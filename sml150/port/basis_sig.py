"""The SML Basis that 15-150 code uses, as one signature: what type inference is seeded with.

Written in SML (read by the porter's own grammar): the top-level values and the structures
``List``, ``Int``, ``Real``, ``String``, ``Char``, ``Option``, ``ListPair``, ``Bool``,
``Math``, ``ListMergeSort``, ``TextIO``. The primitive types, ``bool``, ``list``, ``option``,
``order`` and ``ref`` and the overloaded operators (``+``, ``<``, ...) are built by
``sml150.port.seeds`` (they are not SML that a signature can state).

>>> "val foldl" in BASIS
True
"""

from __future__ import annotations

__all__ = ["BASIS"]

BASIS = """
signature BASIS_TOP =
sig
  exception Fail of string
  exception Empty and Subscript and Div and Overflow and Domain and Size and Chr
  exception Option and Match and Bind and Span
  val not : bool -> bool
  val hd : 'a list -> 'a
  val tl : 'a list -> 'a list
  val null : 'a list -> bool
  val length : 'a list -> int
  val rev : 'a list -> 'a list
  val map : ('a -> 'b) -> 'a list -> 'b list
  val app : ('a -> unit) -> 'a list -> unit
  val foldl : ('a * 'b -> 'b) -> 'b -> 'a list -> 'b
  val foldr : ('a * 'b -> 'b) -> 'b -> 'a list -> 'b
  val print : string -> unit
  val real : int -> real
  val floor : real -> int
  val ceil : real -> int
  val round : real -> int
  val trunc : real -> int
  val size : string -> int
  val str : char -> string
  val explode : string -> char list
  val implode : char list -> string
  val concat : string list -> string
  val chr : int -> char
  val ord : char -> int
  val valOf : 'a option -> 'a
  val isSome : 'a option -> bool
  val getOpt : 'a option * 'a -> 'a
  val ignore : 'a -> unit
  val substring : string * int * int -> string
  val exnName : exn -> string
  val exnMessage : exn -> string
  val vector : 'a list -> 'a list

  structure List : sig
    exception Empty
    val length : 'a list -> int
    val null : 'a list -> bool
    val hd : 'a list -> 'a
    val tl : 'a list -> 'a list
    val last : 'a list -> 'a
    val nth : 'a list * int -> 'a
    val take : 'a list * int -> 'a list
    val drop : 'a list * int -> 'a list
    val rev : 'a list -> 'a list
    val concat : 'a list list -> 'a list
    val revAppend : 'a list * 'a list -> 'a list
    val app : ('a -> unit) -> 'a list -> unit
    val map : ('a -> 'b) -> 'a list -> 'b list
    val mapPartial : ('a -> 'b option) -> 'a list -> 'b list
    val find : ('a -> bool) -> 'a list -> 'a option
    val filter : ('a -> bool) -> 'a list -> 'a list
    val partition : ('a -> bool) -> 'a list -> 'a list * 'a list
    val foldl : ('a * 'b -> 'b) -> 'b -> 'a list -> 'b
    val foldr : ('a * 'b -> 'b) -> 'b -> 'a list -> 'b
    val exists : ('a -> bool) -> 'a list -> bool
    val all : ('a -> bool) -> 'a list -> bool
    val tabulate : int * (int -> 'a) -> 'a list
    val getItem : 'a list -> ('a * 'a list) option
    val collate : ('a * 'a -> order) -> 'a list * 'a list -> order
  end

  structure ListPair : sig
    val zip : 'a list * 'b list -> ('a * 'b) list
    val unzip : ('a * 'b) list -> 'a list * 'b list
    val map : ('a * 'b -> 'c) -> 'a list * 'b list -> 'c list
    val app : ('a * 'b -> unit) -> 'a list * 'b list -> unit
    val all : ('a * 'b -> bool) -> 'a list * 'b list -> bool
    val exists : ('a * 'b -> bool) -> 'a list * 'b list -> bool
    val foldl : ('a * 'b * 'c -> 'c) -> 'c -> 'a list * 'b list -> 'c
    val foldr : ('a * 'b * 'c -> 'c) -> 'c -> 'a list * 'b list -> 'c
  end

  structure Int : sig
    type int = int
    val toString : int -> string
    val fromString : string -> int option
    val compare : int * int -> order
    val min : int * int -> int
    val max : int * int -> int
    val abs : int -> int
    val sign : int -> int
    val sameSign : int * int -> bool
    val minInt : int option
    val maxInt : int option
    val div : int * int -> int
    val mod : int * int -> int
    val quot : int * int -> int
    val rem : int * int -> int
    val toInt : int -> int
    val fromInt : int -> int
  end

  structure Real : sig
    type real = real
    val fromInt : int -> real
    val toString : real -> string
    val fromString : string -> real option
    val floor : real -> int
    val ceil : real -> int
    val round : real -> int
    val trunc : real -> int
    val toInt : 'a -> real -> int
    val compare : real * real -> order
    val min : real * real -> real
    val max : real * real -> real
    val abs : real -> real
    val sign : real -> int
    val posInf : real
    val negInf : real
    val isNan : real -> bool
  end

  structure Math : sig
    val pi : real
    val e : real
    val sqrt : real -> real
    val pow : real * real -> real
    val ln : real -> real
    val log10 : real -> real
    val exp : real -> real
    val sin : real -> real
    val cos : real -> real
  end

  structure String : sig
    type string = string
    val size : string -> int
    val sub : string * int -> char
    val str : char -> string
    val concat : string list -> string
    val concatWith : string -> string list -> string
    val explode : string -> char list
    val implode : char list -> string
    val substring : string * int * int -> string
    val extract : string * int * int option -> string
    val map : (char -> char) -> string -> string
    val translate : (char -> string) -> string -> string
    val tokens : (char -> bool) -> string -> string list
    val fields : (char -> bool) -> string -> string list
    val isPrefix : string -> string -> bool
    val isSuffix : string -> string -> bool
    val isSubstring : string -> string -> bool
    val compare : string * string -> order
    val toString : string -> string
    val fromString : string -> string option
  end

  structure Char : sig
    type char = char
    val ord : char -> int
    val chr : int -> char
    val compare : char * char -> order
    val isSpace : char -> bool
    val isDigit : char -> bool
    val isAlpha : char -> bool
    val isAlphaNum : char -> bool
    val isUpper : char -> bool
    val isLower : char -> bool
    val toUpper : char -> char
    val toLower : char -> char
    val toString : char -> string
    val fromString : string -> char option
  end

  structure Option : sig
    exception Option
    val getOpt : 'a option * 'a -> 'a
    val isSome : 'a option -> bool
    val isNone : 'a option -> bool
    val valOf : 'a option -> 'a
    val filter : ('a -> bool) -> 'a -> 'a option
    val join : 'a option option -> 'a option
    val app : ('a -> unit) -> 'a option -> unit
    val map : ('a -> 'b) -> 'a option -> 'b option
    val mapPartial : ('a -> 'b option) -> 'a option -> 'b option
    val compose : ('a -> 'b) * ('c -> 'a option) -> 'c -> 'b option
  end

  structure Bool : sig
    val not : bool -> bool
    val toString : bool -> string
    val fromString : string -> bool option
  end

  structure ListMergeSort : sig
    val sort : ('a * 'a -> bool) -> 'a list -> 'a list
    val uniqueSort : ('a * 'a -> order) -> 'a list -> 'a list
    val sorted : ('a * 'a -> bool) -> 'a list -> bool
  end

  structure CharVector : sig
    val tabulate : int * (int -> char) -> string
  end

  structure TextIO : sig
    val print : string -> unit
  end
end
"""
