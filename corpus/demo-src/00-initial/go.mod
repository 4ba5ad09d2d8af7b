module example.com/bookshop

go 1.21
