"""The branch catalogue: books, copies and loans, kept in memory for the desk."""

from dataclasses import dataclass, field


@dataclass
class Book:
    isbn: str
    title: str
    author: str
    copies: int = 1
    on_loan: list[str] = field(default_factory=list)


class Catalog:
    def __init__(self) -> None:
        self.books: dict[str, Book] = {}

    def add(self, book: Book) -> None:
        self.books[book.isbn] = book

    def find(self, isbn: str) -> Book | None:
        return self.books.get(isbn)

    def search(self, text: str) -> list[Book]:
        needle = text.lower()
        return [b for b in self.books.values() if needle in b.title.lower() or needle in b.author.lower()]

    def lend(self, isbn: str, patron: str) -> bool:
        book = self.books.get(isbn)
        if book is None or len(book.on_loan) >= book.copies:
            return False
        book.on_loan.append(patron)
        return True


CATALOG = Catalog()
CATALOG.add(Book("9780141439518", "Pride and Prejudice", "Jane Austen", copies=3))
CATALOG.add(Book("9780262033848", "Introduction to Algorithms", "Cormen et al.", copies=1))
